// `npm run bench:lighthouse`: Lighthouse (default mobile settings: simulated slow 4G and 4x CPU slowdown) on three doc
// pages of the production build in build/, served gzip-compressed from 127.0.0.1, with the system Chromium. Prints
// the four category scores, LCP, TBT, CLS, the script bytes transferred and whether the search index was loaded,
// then every audit that kept a category below 1. A measurement to read, not a test: it fails only if it cannot run.
import {execFile} from 'node:child_process';
import {existsSync, mkdtempSync, readFileSync, rmSync} from 'node:fs';
import {tmpdir} from 'node:os';
import {join} from 'node:path';
import {promisify} from 'node:util';
import * as chromeLauncher from 'chrome-launcher';
import type {Result} from 'lighthouse';
import {chromiumArgs, chromiumPath} from './chromium';
import {serveStatic} from './static-server';

const PAGES = [
  '/docs/documents/introduct',
  '/docs/documents/guide/Train/parameter',
  '/docs/documents/best-practice/weclone',
];
const CATEGORIES = ['performance', 'accessibility', 'best-practices', 'seo'] as const;
const PORT = Number(process.env.BENCH_PORT ?? 3350);
const BUILD = join(import.meta.dirname, '..', process.env.BENCH_BUILD_DIR ?? 'build');
/** The embedded search engine (a lazy chunk named in src/search/client/client.ts) and the index files. */
const SEARCH_CHUNK = /\/search-engine\.[0-9a-f]+\.js$|^\/search-index\//;

interface NetworkRequest {
  url: string;
  resourceType?: string;
  transferSize?: number;
}

interface Row {
  page: string;
  scores: Record<(typeof CATEGORIES)[number], number | null>;
  lcp: number;
  tbt: number;
  cls: number;
  scriptBytes: number;
  scriptCount: number;
  searchChunks: string[];
  failing: string[];
}

function summarise(page: string, lhr: Result): Row {
  const audit = (id: string) => lhr.audits[id];
  const requests = ((audit('network-requests')?.details as {items?: NetworkRequest[]} | undefined)?.items ??
    []) as NetworkRequest[];
  const scripts = requests.filter((r) => r.resourceType === 'Script');
  const failing = CATEGORIES.flatMap((id) =>
    (lhr.categories[id]?.auditRefs ?? [])
      .filter((ref) => ref.weight > 0)
      .map((ref) => lhr.audits[ref.id]!)
      .filter((a) => a.score !== null && a.score < 1 && a.scoreDisplayMode !== 'informative')
      .filter((a) => a.scoreDisplayMode !== 'manual' && a.scoreDisplayMode !== 'notApplicable')
      .map((a) => `${id}: ${a.id} (${a.score})${a.displayValue ? ` ${a.displayValue}` : ''}`),
  );
  return {
    page,
    scores: Object.fromEntries(CATEGORIES.map((id) => [id, lhr.categories[id]?.score ?? null])) as Row['scores'],
    lcp: audit('largest-contentful-paint')?.numericValue ?? NaN,
    tbt: audit('total-blocking-time')?.numericValue ?? NaN,
    cls: audit('cumulative-layout-shift')?.numericValue ?? NaN,
    scriptBytes: scripts.reduce((sum, r) => sum + (r.transferSize ?? 0), 0),
    scriptCount: scripts.length,
    searchChunks: requests.filter((r) => SEARCH_CHUNK.test(new URL(r.url).pathname)).map((r) => r.url),
    failing: [...new Set(failing)],
  };
}

function printTable(rows: Row[]) {
  const header = ['page', 'perf', 'a11y', 'best-pr', 'seo', 'LCP', 'TBT', 'CLS', 'script (gzip)', 'search index'];
  const lines = rows.map((r) => [
    r.page.replace('/docs/documents/', ''),
    ...CATEGORIES.map((c) => (r.scores[c] === null ? '-' : r.scores[c].toFixed(2))),
    `${(r.lcp / 1000).toFixed(2)} s`,
    `${Math.round(r.tbt)} ms`,
    r.cls.toFixed(3),
    `${(r.scriptBytes / 1024).toFixed(1)} KiB / ${r.scriptCount}`,
    r.searchChunks.length ? 'LOADED' : 'not loaded',
  ]);
  const widths = header.map((h, i) => Math.max(h.length, ...lines.map((l) => l[i]!.length)));
  const format = (cells: string[]) => cells.map((c, i) => (i === 0 ? c.padEnd(widths[i]!) : c.padStart(widths[i]!)));
  console.log(`\n${format(header).join('  ')}`);
  console.log(widths.map((w) => '-'.repeat(w)).join('  '));
  for (const l of lines) console.log(format(l).join('  '));
}

async function main() {
  if (!existsSync(join(BUILD, 'index.html'))) {
    console.error(`No production build in ${BUILD}: run \`npx docusaurus build\` (or \`npm run build\`) first.`);
    process.exit(2);
  }
  console.log(`Serving ${BUILD} gzip-compressed; Chromium ${chromiumPath}; Lighthouse mobile defaults.`);
  const {server, origin} = await serveStatic(BUILD, PORT);
  const chrome = await chromeLauncher.launch({
    chromePath: chromiumPath,
    chromeFlags: ['--headless=new', ...chromiumArgs],
  });
  const temp = mkdtempSync(join(tmpdir(), 'bench-lighthouse-'));
  const rows: Row[] = [];
  try {
    for (const page of PAGES) {
      // In a plain node process: see scripts/lighthouse-run.mjs.
      const output = join(temp, 'lhr.json');
      const runner = join(import.meta.dirname, 'lighthouse-run.mjs');
      await promisify(execFile)(process.execPath, [runner, `${origin}${page}`, String(chrome.port), output]);
      const lhr = JSON.parse(readFileSync(output, 'utf8')) as Result;
      if (lhr.runtimeError) throw new Error(`${page}: ${lhr.runtimeError.message}`);
      if (!rows.length) console.log(`Lighthouse ${lhr.lighthouseVersion}, ${lhr.environment.hostUserAgent}`);
      rows.push(summarise(page, lhr));
      console.log(`  measured ${page}`);
    }
  } finally {
    chrome.kill();
    server.close();
    rmSync(temp, {recursive: true, force: true});
  }
  printTable(rows);
  console.log('\nscript = JavaScript transferred on load (gzip bytes on the wire) / number of scripts.');
  console.log('Targets: perf >= 0.95, a11y / best practices / SEO = 1, CLS 0, script <= 175 KiB, no search index.');
  for (const r of rows) {
    if (!r.failing.length && !r.searchChunks.length) continue;
    console.log(`\n${r.page}:`);
    for (const f of r.failing) console.log(`  below 1: ${f}`);
    for (const s of r.searchChunks) console.log(`  search chunk loaded: ${s}`);
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
