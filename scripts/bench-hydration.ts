// `npm run bench:hydration`: when a doc page paints and hydrates on a slow phone, and how long it blocks the main thread,
// for our build, the stock Docusaurus site built from the same docs (scripts/bench/stock-site.ts, cached) and the floor
// (our pages with every script removed), side by side. Each variant is served by the production nginx config
// (scripts/serve-nginx.ts, with its precompressed files and cache headers); every load is a cold one in a fresh browser
// context of the system Chromium with a 4x CPU slowdown. Two passes, each interleaved (A B C, C B A, …):
//
// - slow 4G (DevTools' emulation of Lighthouse's slow 4G: 562.5 ms latency, 1.44 Mbit/s down, 675 kbit/s up): first
//   contentful paint (Paint Timing), when the site bundle's response started (Resource Timing), hydration, the
//   moment React marks <html data-has-hydrated="true">, and when the theme is live: our theme draws its browser-only
//   state (category toggles, code-block buttons) in a transition after hydration and then marks
//   <html data-theme-live="true"> (src/theme/Root.tsx); for a build without that mark (stock), hydration;
// - no network throttling, with a Chromium trace: blocking, the time the main thread's tasks run beyond 50 ms each
//   (Lighthouse's TBT, on a real trace) from navigation until 2.5 s after the page hydrated (the floor: loaded), and
//   busy, their whole duration.
//
// It prints medians, min–max, the ratio of each median to ours and to the floor's, and the machine's load average.
// A measurement to read, not a test.
//
//   npm run bench:hydration                                     # build/, stock, floor; 3 + 4 rounds; ports 3360+
//   npm run bench:hydration -- --rounds 5 --cpu-rounds 6 --port 3500 build other-build stock
//   npm run bench:hydration -- --page /docs/documents/overview   # other pages (repeatable)
import {loadavg} from 'node:os';
import {readdirSync, readFileSync} from 'node:fs';
import {join, resolve} from 'node:path';
import {parseArgs} from 'node:util';
import {chromium, type Browser, type Page} from '@playwright/test';
import {
  FLOOR,
  PAGES as DEFAULT_PAGES,
  row,
  serveNginx,
  spread,
  stopServers,
  variants as resolveVariants,
} from './bench/interleave';
import {chromiumArgs, chromiumPath} from './chromium';

const {values, positionals} = parseArgs({
  allowPositionals: true,
  options: {
    rounds: {type: 'string', default: '3'},
    'cpu-rounds': {type: 'string', default: '4'},
    page: {type: 'string', multiple: true},
    port: {type: 'string', default: '3360'},
  },
});
const ROUNDS = Number(values.rounds);
const CPU_ROUNDS = Number(values['cpu-rounds']);
const PAGES = values.page?.length ? values.page : DEFAULT_PAGES;
const BASE_PORT = Number(values.port);

/** Lighthouse's slow 4G with DevTools (applied) throttling: its "provided" RTT and throughput times its multipliers. */
const SLOW_4G = {
  offline: false,
  latency: 150 * 3.75,
  downloadThroughput: (1.6 * 1024 * 0.9 * 1024) / 8,
  uploadThroughput: (750 * 0.9 * 1024) / 8,
};
const CPU_SLOWDOWN = 4;
/** How long the blocking pass keeps tracing after hydration (the floor: after load), for the work that follows it. */
const AFTER_MS = 2500;

interface Sample {
  fcp: number;
  bundle: number;
  hydrated: number;
  live: number;
  blocking: number;
  busy: number;
}

interface TraceEvent {
  name: string;
  ph: string;
  pid: number;
  tid: number;
  ts: number;
  dur?: number;
  args?: {name?: string};
}

/** Blocking and busy time (ms) of the renderer main thread that ran the most, from a Chromium trace. */
export function mainThreadBlocking(events: TraceEvent[]): {blocking: number; busy: number} {
  const mains = new Set(
    events
      .filter((e) => e.ph === 'M' && e.name === 'thread_name' && e.args?.name === 'CrRendererMain')
      .map((e) => `${e.pid}:${e.tid}`),
  );
  // Chromium writes a task as RunTask with a ThreadControllerImpl::RunTask of nearly the same span inside it (or only
  // one of the two): a task inside another one that was counted is the same task, not another.
  const tasks = new Map<string, number[]>();
  const countedUntil = new Map<string, number>();
  const runTasks = events
    .filter((e) => e.ph === 'X' && mains.has(`${e.pid}:${e.tid}`))
    .filter((e) => e.name === 'RunTask' || e.name === 'ThreadControllerImpl::RunTask')
    .sort((a, b) => a.ts - b.ts || (b.dur ?? 0) - (a.dur ?? 0));
  for (const e of runTasks) {
    const thread = `${e.pid}:${e.tid}`;
    if (e.ts < (countedUntil.get(thread) ?? -Infinity)) continue;
    countedUntil.set(thread, e.ts + (e.dur ?? 0));
    tasks.set(thread, [...(tasks.get(thread) ?? []), (e.dur ?? 0) / 1000]);
  }
  const sum = (xs: number[]) => xs.reduce((a, b) => a + b, 0);
  const busiest = [...tasks.values()].sort((a, b) => sum(b) - sum(a))[0] ?? [];
  return {blocking: sum(busiest.map((d) => Math.max(0, d - 50))), busy: sum(busiest)};
}

/** Whether a build's theme marks <html data-theme-live> (ours does, src/theme/Root.tsx; stock does not). */
function marksLive(dir: string): boolean {
  const js = join(dir, 'assets', 'js');
  return readdirSync(js).some(
    (f) => f.endsWith('.js') && readFileSync(join(js, f), 'utf8').includes('data-theme-live'),
  );
}

async function load(
  browser: Browser,
  url: string,
  throttleNetwork: boolean,
  scripted: boolean,
  live: boolean,
): Promise<Sample> {
  const context = await browser.newContext({viewport: {width: 412, height: 823}, isMobile: true, hasTouch: true});
  const page = await context.newPage();
  const cdp = await context.newCDPSession(page);
  await cdp.send('Network.enable');
  await cdp.send('Network.setCacheDisabled', {cacheDisabled: true});
  if (throttleNetwork) await cdp.send('Network.emulateNetworkConditions', SLOW_4G);
  await cdp.send('Emulation.setCPUThrottlingRate', {rate: CPU_SLOWDOWN});
  // Page scripts as strings: tsx would wrap named functions in a helper (`__name`) that does not exist in the page. The
  // observer watches the document, since <html> may not exist yet when this runs.
  await page.addInitScript(`
    new MutationObserver((_, observer) => {
      const html = document.documentElement;
      if (html.hasAttribute('data-has-hydrated')) window.__hydratedAt ??= performance.now();
      if (html.hasAttribute('data-theme-live')) window.__liveAt ??= performance.now();
      if (window.__hydratedAt !== undefined && window.__liveAt !== undefined) observer.disconnect();
    }).observe(document, {subtree: true, attributes: true, attributeFilter: ['data-has-hydrated', 'data-theme-live']});
  `);
  if (!throttleNetwork) await browser.startTracing(page, {categories: ['toplevel', 'devtools.timeline']});
  await page.goto(url, {waitUntil: scripted ? 'commit' : 'load'});
  if (scripted) await page.locator('html[data-has-hydrated="true"]').waitFor({state: 'attached', timeout: 60_000});
  if (live) await page.locator('html[data-theme-live="true"]').waitFor({state: 'attached', timeout: 60_000});
  // A function, not a string: Playwright would evaluate a string with eval, which the site's CSP forbids.
  await page.waitForFunction(() => performance.getEntriesByName('first-contentful-paint').length > 0, null, {
    timeout: 60_000,
  });
  let blocking = {blocking: NaN, busy: NaN};
  if (!throttleNetwork) {
    await settle(page);
    const trace = JSON.parse((await browser.stopTracing()).toString()) as {traceEvents: TraceEvent[]};
    blocking = mainThreadBlocking(trace.traceEvents);
  }
  const sample = (await page.evaluate(`(() => {
    const bundle = performance.getEntriesByType('resource').find((e) => /\\/assets\\/js\\/main\\.[0-9a-f]+\\.js$/.test(e.name));
    return {
      fcp: performance.getEntriesByName('first-contentful-paint')[0]?.startTime ?? NaN,
      bundle: bundle ? bundle.responseStart : NaN,
      hydrated: window.__hydratedAt ?? NaN,
      live: window.__liveAt ?? window.__hydratedAt ?? NaN,
    };
  })()`)) as Omit<Sample, 'blocking' | 'busy'>;
  await context.close();
  return {...sample, ...blocking};
}

/** The work that follows hydration (effects, prefetching): a fixed stretch after it, the same for every variant. */
function settle(page: Page): Promise<void> {
  return page.waitForTimeout(AFTER_MS);
}

async function main() {
  const {variants, cleanup} = await resolveVariants(positionals);
  const FLOOR_INDEX = variants.findIndex((v) => v.name === FLOOR);
  const live = variants.map((v, i) => i !== FLOOR_INDEX && marksLive(v.dir));
  const servers = await Promise.all(variants.map((v, i) => serveNginx(v.dir, BASE_PORT + i)));
  const browser = await chromium.launch({executablePath: chromiumPath, args: chromiumArgs});
  const load1 = [loadavg()[0]!];
  // samples[pass][variant][page] = one Sample per round
  const passes = [
    {label: `slow 4G, ${CPU_SLOWDOWN}x CPU`, rounds: ROUNDS, network: true},
    {label: `no network throttling, ${CPU_SLOWDOWN}x CPU, traced`, rounds: CPU_ROUNDS, network: false},
  ];
  const samples = passes.map(() => variants.map(() => PAGES.map(() => [] as Sample[])));
  try {
    console.log(
      `${PAGES.length} pages × ${variants.length} variants (${variants.map((v) => v.name).join(', ')}); ` +
        `Chromium ${browser.version()}`,
    );
    for (const [k, pass] of passes.entries()) {
      for (let round = 0; round < pass.rounds; round++) {
        for (const [p, path] of PAGES.entries()) {
          // Alternate the order, so that no variant always gets the quieter moment.
          const order = variants.map((_, i) => i);
          if (round % 2) order.reverse();
          for (const i of order) {
            samples[k]![i]![p]!.push(
              await load(
                browser,
                `http://127.0.0.1:${BASE_PORT + i}${path}`,
                pass.network,
                i !== FLOOR_INDEX,
                live[i]!,
              ),
            );
          }
        }
        load1.push(loadavg()[0]!);
        console.log(`  ${pass.label}: round ${round + 1}/${pass.rounds} done (load ${loadavg()[0]!.toFixed(1)})`);
      }
    }
  } finally {
    await browser.close();
    await stopServers(servers);
    cleanup();
  }

  const ms = (n: number) => String(Math.round(n));
  const tables: Array<{pass: number; key: keyof Sample; label: string}> = [
    {pass: 0, key: 'fcp', label: 'first contentful paint, slow 4G'},
    {pass: 0, key: 'bundle', label: 'bundle response start, slow 4G'},
    {pass: 0, key: 'hydrated', label: 'hydrated, slow 4G'},
    {pass: 0, key: 'live', label: 'theme live (data-theme-live; without it, hydrated), slow 4G'},
    {pass: 1, key: 'blocking', label: 'main-thread blocking (tasks beyond 50 ms)'},
    {pass: 1, key: 'busy', label: 'main-thread busy (all tasks)'},
    {pass: 1, key: 'hydrated', label: 'hydrated, no network throttling'},
  ];
  console.log(
    `\nms, median (min–max) of ${ROUNDS} loads (slow 4G) or ${CPU_ROUNDS} (traced); ratios = median / ours and / the floor's`,
  );
  const width = Math.max(...variants.map((v) => v.name.length));
  for (const [p, path] of PAGES.entries()) {
    console.log(`\n${path}`);
    for (const {pass, key, label} of tables) {
      console.log(`  ${label}`);
      const of = (i: number) => spread(samples[pass]![i]![p]!.map((s) => s[key]));
      const scriptOnly = key === 'hydrated' || key === 'live' || key === 'bundle';
      const floor = scriptOnly ? undefined : of(FLOOR_INDEX);
      variants.forEach((v, i) => {
        if (scriptOnly && i === FLOOR_INDEX) return;
        console.log(row(v.name, width, of(i), ms, i === 0 ? undefined : of(0), i === FLOOR_INDEX ? undefined : floor));
      });
    }
  }
  console.log(
    `\nload average (1 min) during the run: ${Math.min(...load1).toFixed(1)}–${Math.max(...load1).toFixed(1)}`,
  );
}

if (import.meta.filename === resolve(process.argv[1] ?? '')) {
  main().catch((error: unknown) => {
    console.error(error);
    process.exit(1);
  });
}
