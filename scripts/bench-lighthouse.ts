// `npm run bench:lighthouse`: Lighthouse (default mobile settings: simulated slow 4G and 4x CPU slowdown) on three doc
// pages, for our build, the stock Docusaurus site built from the same docs (scripts/bench/stock-site.ts, cached) and the
// floor (our pages with every script removed), side by side in one interleaved run. Each variant is served by the
// production nginx config (scripts/serve-nginx.ts: precompressed files, cache headers, CSP) on its own port; the runs
// go A B C, C B A, A B C … so that no variant always gets the quieter moment. For each page and variant it prints the
// median and min–max of the performance score, FCP, LCP, TBT and script KiB, the ratio of each median to ours and to
// the floor's, and whether the difference from ours is inside the run-to-run spread (the min–max ranges overlap) or
// beyond it; and the machine's load before and after. On a shared machine only these ratios mean something, never an
// absolute score. A measurement to read, not a test: it fails only if it cannot run.
//
//   npm run bench:lighthouse                                  # build/, stock, floor; 4 rounds
//   npm run bench:lighthouse -- build build-revert-x stock    # or BENCH_VARIANTS=build,build-revert-x,stock
//   BENCH_ROUNDS=6 BENCH_PORT=3500 npm run bench:lighthouse
//
// The floor is generated from the first variant (scripts/bench/interleave.ts). A variant with one change reverted is
// another build directory (MAINTAINERS.md, 页面加载).
import {execFile} from 'node:child_process';
import {mkdtempSync, readFileSync, rmSync} from 'node:fs';
import {tmpdir} from 'node:os';
import {join, resolve} from 'node:path';
import {promisify} from 'node:util';
import * as chromeLauncher from 'chrome-launcher';
import type {Result} from 'lighthouse';
import {
  FLOOR,
  overlaps,
  PAGES,
  row,
  serveNginx,
  spread,
  stopServers,
  variants as resolveVariants,
  type Spread,
} from './bench/interleave';
import {chromiumArgs, chromiumPath} from './chromium';

const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 4);
const BASE_PORT = Number(process.env.BENCH_PORT ?? 3400);
const args = process.argv.slice(2);
const BUILDS = args.length ? args : (process.env.BENCH_VARIANTS?.split(',').filter(Boolean) ?? []);
/** The embedded search engine (a lazy chunk named in src/search/client/client.ts) and the index files. */
const SEARCH_CHUNK = /\/search-engine\.[0-9a-f]+\.js$|^\/search-index\//;

interface Sample {
  performance: number;
  fcp: number;
  lcp: number;
  tbt: number;
  scriptKiB: number;
  search: boolean;
}

const METRICS: Array<{key: keyof Omit<Sample, 'search'>; label: string; format: (n: number) => string}> = [
  {key: 'performance', label: 'performance', format: (n) => n.toFixed(2)},
  {key: 'fcp', label: 'FCP s', format: (n) => (n / 1000).toFixed(2)},
  {key: 'lcp', label: 'LCP s', format: (n) => (n / 1000).toFixed(2)},
  {key: 'tbt', label: 'TBT ms', format: (n) => String(Math.round(n))},
  {key: 'scriptKiB', label: 'script KiB', format: (n) => n.toFixed(1)},
];

function sample(lhr: Result): Sample {
  const requests = ((lhr.audits['network-requests']?.details as {items?: Array<Record<string, unknown>>} | undefined)
    ?.items ?? []) as Array<{url: string; resourceType?: string; transferSize?: number}>;
  const scripts = requests.filter((r) => r.resourceType === 'Script');
  return {
    performance: lhr.categories.performance?.score ?? NaN,
    fcp: lhr.audits['first-contentful-paint']?.numericValue ?? NaN,
    lcp: lhr.audits['largest-contentful-paint']?.numericValue ?? NaN,
    tbt: lhr.audits['total-blocking-time']?.numericValue ?? NaN,
    scriptKiB: scripts.reduce((sum, r) => sum + (r.transferSize ?? 0), 0) / 1024,
    search: requests.some((r) => SEARCH_CHUNK.test(new URL(r.url).pathname)),
  };
}

/** One Lighthouse run, in a plain node process (see scripts/lighthouse-run.mjs); a failed trace is run again, twice at most. */
async function lighthouse(url: string, port: number, output: string): Promise<Result> {
  const runner = join(import.meta.dirname, 'lighthouse-run.mjs');
  for (let attempt = 1; ; attempt++) {
    await promisify(execFile)(process.execPath, [runner, url, String(port), output]);
    const lhr = JSON.parse(readFileSync(output, 'utf8')) as Result;
    if (!lhr.runtimeError) return lhr;
    if (attempt === 3) throw new Error(`${url}: ${lhr.runtimeError.message}`);
    console.log(`  ${url}: ${lhr.runtimeError.code}, running it again`);
  }
}

async function uptime(): Promise<string> {
  return (await promisify(execFile)('uptime')).stdout.trim();
}

/**
 * "inside the spread" when the ranges overlap at the precision printed (byte counts barely vary: a few bytes are no
 * difference); otherwise which way the variant is off the base.
 */
function verdict(base: Spread, other: Spread, higherIsBetter: boolean, format: (n: number) => string): string {
  const printed = (s: Spread) => ({median: s.median, min: Number(format(s.min)), max: Number(format(s.max))});
  if (overlaps(printed(base), printed(other))) return 'inside the spread';
  const better = other.median > base.median === higherIsBetter;
  return `beyond the spread (${better ? 'better' : 'worse'})`;
}

async function main() {
  const {variants, cleanup} = await resolveVariants(BUILDS);
  const loadBefore = await uptime();
  const servers = await Promise.all(variants.map((v, i) => serveNginx(v.dir, BASE_PORT + i)));
  const chrome = await chromeLauncher.launch({
    chromePath: chromiumPath,
    chromeFlags: ['--headless=new', ...chromiumArgs],
  });
  const temp = mkdtempSync(join(tmpdir(), 'bench-lighthouse-'));
  // samples[variant][page] = one Sample per round
  const samples = variants.map(() => PAGES.map(() => [] as Sample[]));
  let version = '';
  try {
    console.log(`${loadBefore}\n${ROUNDS} interleaved rounds × ${PAGES.length} pages × ${variants.length} variants`);
    for (let round = 0; round < ROUNDS; round++) {
      for (const [p, page] of PAGES.entries()) {
        const order = variants.map((_, i) => i);
        if (round % 2) order.reverse();
        for (const i of order) {
          const url = `http://127.0.0.1:${BASE_PORT + i}${page}`;
          const lhr = await lighthouse(url, chrome.port, join(temp, 'lhr.json'));
          version ||= `Lighthouse ${lhr.lighthouseVersion}, ${lhr.environment.hostUserAgent}`;
          samples[i]![p]!.push(sample(lhr));
        }
      }
      console.log(`  round ${round + 1}/${ROUNDS} done (${await uptime()})`);
    }
  } finally {
    chrome.kill();
    await stopServers(servers);
    rmSync(temp, {recursive: true, force: true});
    cleanup();
  }

  console.log(`\n${version}; mobile defaults (simulated slow 4G, 4x CPU slowdown)`);
  console.log(
    `median (min–max) of ${ROUNDS} runs; ratios = median / ${variants[0]!.name}'s and / the floor's; ` +
      `verdicts against ${variants[0]!.name}`,
  );
  const width = Math.max(...variants.map((v) => v.name.length));
  const floorIndex = variants.findIndex((v) => v.name === FLOOR);
  for (const [p, page] of PAGES.entries()) {
    console.log(`\n${page}`);
    for (const {key, label, format} of METRICS) {
      const of = (i: number) => spread(samples[i]![p]!.map((s) => s[key]));
      const base = of(0);
      const floor = key === 'scriptKiB' ? undefined : of(floorIndex);
      console.log(`  ${label}`);
      variants.forEach((v, i) => {
        const s = of(i);
        const note = i === 0 ? '' : `  ${verdict(base, s, key === 'performance', format)}`;
        console.log(
          `${row(v.name, width, s, format, i === 0 ? undefined : base, i === floorIndex ? undefined : floor)}${note}`,
        );
      });
    }
    for (const [i, v] of variants.entries()) {
      if (samples[i]![p]!.some((s) => s.search)) console.log(`  ${v.name}: the search index was loaded with the page`);
    }
  }
  console.log(`\nload before: ${loadBefore}\nload after:  ${await uptime()}`);
}

if (import.meta.filename === resolve(process.argv[1] ?? '')) {
  main().catch((error: unknown) => {
    console.error(error);
    process.exit(1);
  });
}
