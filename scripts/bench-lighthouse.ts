// `npm run bench:lighthouse`: Lighthouse (default mobile settings: simulated slow 4G and 4x CPU slowdown) on three doc
// pages, for several builds side by side in one interleaved run. Each variant is served by the production nginx config
// (scripts/serve-nginx.ts: precompressed files, cache headers, CSP) on its own port; the runs go A B C, C B A, A B C …
// so that no variant always gets the quieter moment. For each page and variant it prints the median and min–max of the
// performance score, LCP, TBT and script KiB, the ratio of each median to the first variant's, and whether the
// difference is inside the run-to-run spread (the min–max ranges overlap) or beyond it; and the machine's load before
// and after. On a shared machine only these ratios mean something, never an absolute score. A measurement to read, not
// a test: it fails only if it cannot run.
//
//   npm run bench:lighthouse                                  # build/ and its floor, 5 rounds
//   npm run bench:lighthouse -- build build-revert-x          # or BENCH_VARIANTS=build,build-revert-x
//   BENCH_ROUNDS=7 npm run bench:lighthouse
//
// The floor is generated from the first variant: a copy in a temporary directory whose measured pages have every
// <script> and every preload/prefetch of a script removed, i.e. the same HTML, CSS, fonts and images with no
// JavaScript at all. A variant with one change reverted is another build directory (README, 测试).
import {execFile} from 'node:child_process';
import {cpSync, existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync} from 'node:fs';
import {tmpdir} from 'node:os';
import {join, resolve} from 'node:path';
import {promisify} from 'node:util';
import {brotliCompressSync, gzipSync} from 'node:zlib';
import * as chromeLauncher from 'chrome-launcher';
import type {Result} from 'lighthouse';
import {overlaps, serveNginx, spread, type Spread} from './bench/interleave';
import {chromiumArgs, chromiumPath} from './chromium';

const PAGES = [
  '/docs/documents/introduct',
  '/docs/documents/guide/Train/parameter',
  '/docs/documents/best-practice/weclone',
];
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 5);
const BASE_PORT = Number(process.env.BENCH_PORT ?? 3400);
const args = process.argv.slice(2);
const BUILDS = args.length ? args : (process.env.BENCH_VARIANTS?.split(',').filter(Boolean) ?? ['build']);
const FLOOR = 'floor (no scripts)';
/** The embedded search engine (a lazy chunk named in src/search/client/client.ts) and the index files. */
const SEARCH_CHUNK = /\/search-engine\.[0-9a-f]+\.js$|^\/search-index\//;

interface Sample {
  performance: number;
  lcp: number;
  tbt: number;
  scriptKiB: number;
  search: boolean;
}

const METRICS: Array<{key: keyof Omit<Sample, 'search'>; label: string; format: (n: number) => string}> = [
  {key: 'performance', label: 'performance', format: (n) => n.toFixed(2)},
  {key: 'lcp', label: 'LCP s', format: (n) => (n / 1000).toFixed(2)},
  {key: 'tbt', label: 'TBT ms', format: (n) => String(Math.round(n))},
  {key: 'scriptKiB', label: 'script KiB', format: (n) => n.toFixed(1)},
];

/** The HTML with no scripts: every <script> element, and every link that preloads or prefetches a script. */
export function stripScripts(html: string): string {
  return html
    .replace(/<script\b[^>]*>[\s\S]*?<\/script>/gi, '')
    .replace(/<link\b[^>]*>/gi, (link) =>
      /\brel=["']?(modulepreload|preload|prefetch)\b/i.test(link) &&
      (/\bas=["']?script\b/i.test(link) || /\brel=["']?modulepreload\b/i.test(link) || /\.m?js["'\s/>]/.test(link))
        ? ''
        : link,
    );
}

/** A copy of `build` whose measured pages have no scripts, with their precompressed files rewritten to match. */
function makeFloor(build: string): string {
  const dir = mkdtempSync(join(tmpdir(), 'bench-floor-'));
  cpSync(build, dir, {recursive: true});
  for (const page of PAGES) {
    const file = join(dir, page, 'index.html');
    const html = stripScripts(readFileSync(file, 'utf8'));
    if (/<script\b/i.test(html)) throw new Error(`${file}: a script survived stripping`);
    writeFileSync(file, html);
    writeFileSync(`${file}.gz`, gzipSync(html, {level: 9}));
    writeFileSync(`${file}.br`, brotliCompressSync(html));
  }
  return dir;
}

function sample(lhr: Result): Sample {
  const requests = ((lhr.audits['network-requests']?.details as {items?: Array<Record<string, unknown>>} | undefined)
    ?.items ?? []) as Array<{url: string; resourceType?: string; transferSize?: number}>;
  const scripts = requests.filter((r) => r.resourceType === 'Script');
  return {
    performance: lhr.categories.performance?.score ?? NaN,
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
  for (const dir of BUILDS) {
    if (!existsSync(join(resolve(dir), 'index.html'))) {
      console.error(`No build in ${dir}: run \`npx docusaurus build\` (with --out-dir ${dir} for a variant) first.`);
      process.exit(2);
    }
  }
  const floor = makeFloor(resolve(BUILDS[0]!));
  const variants = [...BUILDS.map((dir) => ({name: dir, dir: resolve(dir)})), {name: FLOOR, dir: floor}];
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
    for (const server of servers) server.kill('SIGTERM');
    rmSync(temp, {recursive: true, force: true});
    rmSync(floor, {recursive: true, force: true});
  }

  console.log(`\n${version}; mobile defaults (simulated slow 4G, 4x CPU slowdown)`);
  console.log(`median (min–max) of ${ROUNDS} runs; ratio = median / ${variants[0]!.name}'s median`);
  const width = Math.max(...variants.map((v) => v.name.length));
  for (const [p, page] of PAGES.entries()) {
    console.log(`\n${page}`);
    for (const {key, label, format} of METRICS) {
      const of = (i: number) => spread(samples[i]![p]!.map((s) => s[key]));
      const base = of(0);
      console.log(`  ${label}`);
      variants.forEach((v, i) => {
        const s = of(i);
        const ratio = base.median ? (s.median / base.median).toFixed(2) : 'n/a';
        const note = i === 0 ? '' : `  ${verdict(base, s, key === 'performance', format)}`;
        console.log(
          `    ${v.name.padEnd(width)}  ${format(s.median)} (${format(s.min)}–${format(s.max)})  ratio ${ratio}${note}`,
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
