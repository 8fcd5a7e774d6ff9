// `npm run bench:hydration`: when a doc page paints and when it hydrates on a slow phone, for two or more builds side
// by side. Each build is served by the production nginx config (scripts/serve-nginx.ts, so with its precompressed
// files and cache headers); every load is a cold one in a fresh browser context of the system Chromium with DevTools'
// slow-4G emulation (Lighthouse's: 562.5 ms latency, 1.44 Mbit/s down, 675 kbit/s up) and a 4x CPU slowdown. The
// variants are interleaved (A B A B ...), and the script prints medians, min–max and the ratio of each median to the
// first variant's, with the machine's load average. A measurement to read, not a test.
//
//   npm run bench:hydration                         # build/ against build-stock-template/ (see README, 页面加载)
//   npm run bench:hydration -- --rounds 7 build other-build
//
// Hydration is the moment React marks <html data-has-hydrated="true">; first paint and first contentful paint come from
// the Paint Timing API; "bundle" is when the site bundle's response started, from Resource Timing. All in ms from
// navigation start.
import {existsSync} from 'node:fs';
import {loadavg} from 'node:os';
import {join, resolve} from 'node:path';
import {parseArgs} from 'node:util';
import {chromium, type Browser} from '@playwright/test';
import {median, serveNginx} from './bench/interleave';
import {chromiumArgs, chromiumPath} from './chromium';

const {values, positionals} = parseArgs({
  allowPositionals: true,
  options: {
    rounds: {type: 'string', default: '5'},
    page: {type: 'string', multiple: true},
    port: {type: 'string', default: '3360'},
  },
});
const ROUNDS = Number(values.rounds);
const PAGES = values.page?.length
  ? values.page
  : ['/docs/documents/introduct', '/docs/documents/guide/Train/parameter'];
const BUILDS = positionals.length ? positionals : ['build', 'build-stock-template'];
const BASE_PORT = Number(values.port);

/** Lighthouse's slow 4G with DevTools (applied) throttling: its "provided" RTT and throughput times its multipliers. */
const NETWORK = {
  offline: false,
  latency: 150 * 3.75,
  downloadThroughput: (1.6 * 1024 * 0.9 * 1024) / 8,
  uploadThroughput: (750 * 0.9 * 1024) / 8,
};
const CPU_SLOWDOWN = 4;

interface Sample {
  firstPaint: number;
  firstContentfulPaint: number;
  bundle: number;
  hydrated: number;
}

async function measure(browser: Browser, url: string): Promise<Sample> {
  const context = await browser.newContext({viewport: {width: 412, height: 823}, isMobile: true, hasTouch: true});
  const page = await context.newPage();
  const cdp = await context.newCDPSession(page);
  await cdp.send('Network.enable');
  await cdp.send('Network.setCacheDisabled', {cacheDisabled: true});
  await cdp.send('Network.emulateNetworkConditions', NETWORK);
  await cdp.send('Emulation.setCPUThrottlingRate', {rate: CPU_SLOWDOWN});
  // Page scripts as strings: tsx would wrap named functions in a helper (`__name`) that does not exist in the page. The
  // observer watches the document, since <html> may not exist yet when this runs.
  await page.addInitScript(`
    new MutationObserver((_, observer) => {
      if (document.documentElement.hasAttribute('data-has-hydrated')) {
        window.__hydratedAt = performance.now();
        observer.disconnect();
      }
    }).observe(document, {subtree: true, attributes: true, attributeFilter: ['data-has-hydrated']});
  `);
  await page.goto(url, {waitUntil: 'commit'});
  await page.locator('html[data-has-hydrated="true"]').waitFor({state: 'attached', timeout: 60_000});
  const sample = (await page.evaluate(`(() => {
    const paint = (name) => performance.getEntriesByName(name)[0]?.startTime ?? NaN;
    const bundle = performance.getEntriesByType('resource').find((e) => /\\/assets\\/js\\/main\\.[0-9a-f]+\\.js$/.test(e.name));
    return {
      firstPaint: paint('first-paint'),
      firstContentfulPaint: paint('first-contentful-paint'),
      bundle: bundle ? bundle.responseStart : NaN,
      hydrated: window.__hydratedAt ?? NaN,
    };
  })()`)) as Sample;
  await context.close();
  return sample;
}

const seconds = (ms: number) => (ms / 1000).toFixed(2);

async function main() {
  for (const dir of BUILDS) {
    if (!existsSync(join(resolve(dir), 'index.html'))) {
      console.error(
        `No build in ${dir}. Build the variants first:\n` +
          '  npx docusaurus build\n' +
          '  BENCH_STOCK_TEMPLATE=1 npx docusaurus build --out-dir build-stock-template',
      );
      process.exit(2);
    }
  }
  const servers = await Promise.all(BUILDS.map((dir, i) => serveNginx(dir, BASE_PORT + i)));
  const browser = await chromium.launch({executablePath: chromiumPath, args: chromiumArgs});
  const load = [loadavg()[0]!];
  const samples = BUILDS.map(() => [] as Sample[]);
  try {
    console.log(
      `${ROUNDS} interleaved rounds × ${PAGES.length} pages × ${BUILDS.length} builds; slow 4G, ${CPU_SLOWDOWN}x CPU; ` +
        `Chromium ${browser.version()}`,
    );
    for (let round = 0; round < ROUNDS; round++) {
      for (const path of PAGES) {
        // Alternate which build goes first, so neither always gets the quieter moment.
        const order = BUILDS.map((_, i) => i);
        if (round % 2) order.reverse();
        for (const i of order) samples[i]!.push(await measure(browser, `http://127.0.0.1:${BASE_PORT + i}${path}`));
      }
      load.push(loadavg()[0]!);
      process.stdout.write(`  round ${round + 1}/${ROUNDS} done (load ${loadavg()[0]!.toFixed(1)})\n`);
    }
  } finally {
    await browser.close();
    for (const server of servers) server.kill('SIGTERM');
  }

  const metrics: Array<[keyof Sample, string]> = [
    ['firstContentfulPaint', 'first contentful paint'],
    ['bundle', 'bundle response start'],
    ['hydrated', 'hydrated'],
  ];
  console.log(
    `\nseconds from navigation start, per page: median (min–max) of ${ROUNDS} loads; ratio = median / ${BUILDS[0]}'s`,
  );
  const width = Math.max(...BUILDS.map((b) => b.length));
  for (const [key, label] of metrics) {
    for (const [p, path] of PAGES.entries()) {
      console.log(`\n${label}, ${path}`);
      const of = (i: number) => samples[i]!.filter((_, k) => k % PAGES.length === p).map((s) => s[key]);
      const base = median(of(0));
      BUILDS.forEach((dir, i) => {
        const xs = of(i);
        const m = median(xs);
        console.log(
          `  ${dir.padEnd(width)}  ${seconds(m)} (${seconds(Math.min(...xs))}–${seconds(Math.max(...xs))})  ` +
            `ratio ${(m / base).toFixed(2)}`,
        );
      });
    }
  }
  console.log(
    `\nload average (1 min) during the run: ${Math.min(...load).toFixed(1)}–${Math.max(...load).toFixed(1)} on this machine's CPUs`,
  );
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
