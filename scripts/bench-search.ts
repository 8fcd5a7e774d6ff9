// `npm run bench:search`: prints the embedded search index's size and the engine's load and query times, in Node and
// in headless Chromium, over the relevance query set. A measurement to read, not a test: it asserts nothing.
import {gzipSync} from 'node:zlib';
import {build} from 'esbuild';
import {chromium} from '@playwright/test';
import {chromiumArgs, chromiumPath} from './chromium';
import {createEngine} from '../src/search/engine';
import {SNIPPET_WORDS} from '../src/search/limits';
import {buildIndexFromSources} from '../src/search/sources';
import {toDocSearchRecords} from '../src/search/records';
import {LEVELS, type SearchRequest} from '../src/search/types';
import {RELEVANCE_QUERIES} from '../tests/unit/search-queries';

/** Each query runs this many times after one warm-up run; percentiles are over all runs. */
const RUNS = 5;
const ORIGIN = 'http://bench.local';
const RATIO_TARGET = 1.2;
const P95_TARGET_MS = 10;

/** What DocSearch 4.7 sends for a keystroke (see shared/notes/search-design.md §3). */
function docSearchRequest(query: string): SearchRequest {
  return {
    indexName: 'bench',
    query,
    attributesToRetrieve: [...LEVELS.map((l) => `hierarchy.${l}`), 'content', 'type', 'url'],
    attributesToSnippet: [...LEVELS.slice(1).map((l) => `hierarchy.${l}:${SNIPPET_WORDS}`), `content:${SNIPPET_WORDS}`],
    snippetEllipsisText: '…',
    highlightPreTag: '<mark>',
    highlightPostTag: '</mark>',
    hitsPerPage: 20,
    facetFilters: ['language:zh-Hans', ['docusaurus_tag:default', 'docusaurus_tag:docs-default-current']],
  };
}

function percentile(sorted: number[], p: number): number {
  if (!sorted.length) return NaN;
  return sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1))]!;
}

const kib = (bytes: number) => `${(bytes / 1024).toFixed(1)} KiB`;
const ms = (t: number) => `${t.toFixed(2)} ms`;

function table(title: string, rows: [string, string][]) {
  const width = Math.max(...rows.map(([k]) => k.length));
  console.log(`\n${title}`);
  for (const [k, v] of rows) console.log(`  ${k.padEnd(width)}  ${v}`);
}

interface Timings {
  p50: number;
  p95: number;
  max: number;
  slowest: string;
}

function summarise(samples: {query: string; t: number}[]): Timings {
  const sorted = samples.map((s) => s.t).sort((a, b) => a - b);
  const slowest = samples.reduce((a, b) => (b.t > a.t ? b : a));
  return {p50: percentile(sorted, 50), p95: percentile(sorted, 95), max: slowest.t, slowest: slowest.query};
}

async function main() {
  const queries = RELEVANCE_QUERIES.map((q) => q.query);

  // Size.
  let t = performance.now();
  const index = buildIndexFromSources();
  const buildMs = performance.now() - t;
  const json = JSON.stringify(index);
  const records = toDocSearchRecords(index, '');
  const plain = records
    .map((r) => [...LEVELS.map((l) => r.hierarchy[l]).filter((v): v is string => !!v), r.content ?? ''].join('\n'))
    .join('\n');
  const uniqueText = [
    ...index.pages.flatMap(([, lvl0, lvl1]) => [lvl0, lvl1]),
    ...index.sections.map(([, , ...headings]) => headings[headings.length - 1] ?? ''),
    ...index.records.flatMap((r) => (r.length === 2 ? [r[1]] : [])),
  ].join('\n');
  const jsonGzip = gzipSync(json).length;
  const plainGzip = gzipSync(plain).length;
  const uniqueGzip = gzipSync(uniqueText).length;
  const ratio = jsonGzip / plainGzip;
  table('Index (built from docs/documents/**/*.md)', [
    ['pages / sections / records', `${index.pages.length} / ${index.sections.length} / ${records.length}`],
    ['build from sources', ms(buildMs)],
    ['index JSON raw', kib(Buffer.byteLength(json))],
    ['index JSON gzip', kib(jsonGzip)],
    ['records plain text raw', `${kib(Buffer.byteLength(plain))} (hierarchy + content of every record)`],
    ['records plain text gzip', kib(plainGzip)],
    [
      'ratio index / plain text',
      `${ratio.toFixed(3)} (target <= ${RATIO_TARGET}) ${ratio <= RATIO_TARGET ? 'ok' : 'OVER'}`,
    ],
    [
      'unique text gzip (info)',
      `${kib(uniqueGzip)} (each title, heading and block once); ratio ${(jsonGzip / uniqueGzip).toFixed(3)}`,
    ],
  ]);

  // Node.
  t = performance.now();
  const parsed = JSON.parse(json) as typeof index;
  const parseMs = performance.now() - t;
  t = performance.now();
  const engine = createEngine(parsed, ORIGIN);
  const createMs = performance.now() - t;
  const nodeSamples: {query: string; t: number}[] = [];
  let totalHits = 0;
  for (const query of queries) {
    engine.search(docSearchRequest(query));
    for (let i = 0; i < RUNS; i++) {
      const start = performance.now();
      const result = engine.search(docSearchRequest(query));
      nodeSamples.push({query, t: performance.now() - start});
      if (i === 0) totalHits += result.hits.length;
    }
  }
  const node = summarise(nodeSamples);
  table(
    `Node ${process.version} (${queries.length} queries x ${RUNS} runs, DocSearch request, 20 hits with highlight and snippet)`,
    [
      ['JSON.parse', ms(parseMs)],
      ['createEngine', ms(createMs)],
      ['query p50', ms(node.p50)],
      ['query p95', `${ms(node.p95)} (target < ${P95_TARGET_MS} ms in Chromium)`],
      ['query max', `${ms(node.max)} (${node.slowest})`],
      ['hits returned (first run)', String(totalHits)],
    ],
  );

  // Chromium: the engine bundled as the browser gets it, the index served by an intercepted request.
  if (!chromiumPath) {
    console.log('\nChromium: not found at /usr/bin/chromium (set CHROME_PATH); skipped.');
    return;
  }
  const bundle = await build({
    entryPoints: ['src/search/engine.ts'],
    bundle: true,
    format: 'iife',
    globalName: 'SearchEngine',
    platform: 'browser',
    target: 'es2020',
    minify: true,
    write: false,
    logLevel: 'silent',
  });
  const engineJs = bundle.outputFiles[0]!.text;
  const browser = await chromium.launch({
    executablePath: chromiumPath,
    args: chromiumArgs,
  });
  try {
    const page = await browser.newPage();
    await page.route('**/*', (route) => {
      const {pathname} = new URL(route.request().url());
      if (pathname === '/search-index.json') return route.fulfill({contentType: 'application/json', body: json});
      if (pathname === '/engine.js') return route.fulfill({contentType: 'text/javascript', body: engineJs});
      if (pathname === '/')
        return route.fulfill({contentType: 'text/html', body: '<!doctype html><title>bench</title>'});
      return route.abort();
    });
    await page.goto(`${ORIGIN}/`);
    const browserVersion = browser.version();
    const result = await page.evaluate(
      async ({queries, runs, requests}) => {
        type Api = {createEngine(index: unknown, origin: string): {search(r: unknown): {hits: unknown[]}}};
        const w = window as unknown as {SearchEngine?: Api};
        const t0 = performance.now();
        await new Promise<void>((resolve, reject) => {
          const script = document.createElement('script');
          script.src = '/engine.js';
          script.onload = () => resolve();
          script.onerror = () => reject(new Error('engine.js failed to load'));
          document.head.append(script);
        });
        const t1 = performance.now();
        const response = await fetch('/search-index.json');
        const text = await response.text();
        const t2 = performance.now();
        const index: unknown = JSON.parse(text);
        const t3 = performance.now();
        const engine = w.SearchEngine!.createEngine(index, location.origin);
        const t4 = performance.now();
        engine.search(requests[0]);
        const t5 = performance.now();
        const samples: {query: string; t: number}[] = [];
        queries.forEach((query, q) => {
          engine.search(requests[q]);
          for (let i = 0; i < runs; i++) {
            const start = performance.now();
            engine.search(requests[q]);
            samples.push({query, t: performance.now() - start});
          }
        });
        return {
          script: t1 - t0,
          fetch: t2 - t1,
          parse: t3 - t2,
          create: t4 - t3,
          firstQuery: t5 - t4,
          samples,
        };
      },
      {queries, runs: RUNS, requests: queries.map(docSearchRequest)},
    );
    const chrome = summarise(result.samples);
    const cold = result.script + result.fetch + result.parse + result.create + result.firstQuery;
    table(`Chromium ${browserVersion} (headless, index fetched through an intercepted request, no network)`, [
      ['engine bundle', `${kib(engineJs.length)} raw, ${kib(gzipSync(engineJs).length)} gzip`],
      ['load engine script', ms(result.script)],
      ['fetch index', ms(result.fetch)],
      ['JSON.parse', ms(result.parse)],
      ['createEngine', ms(result.create)],
      ['first query (cold)', ms(result.firstQuery)],
      ['cold total', `${ms(cold)} (script + fetch + parse + create + first query; target < 300 ms)`],
      ['query p50', ms(chrome.p50)],
      ['query p95', `${ms(chrome.p95)} (target < ${P95_TARGET_MS} ms) ${chrome.p95 < P95_TARGET_MS ? 'ok' : 'OVER'}`],
      ['query max', `${ms(chrome.max)} (${chrome.slowest})`],
    ]);
  } finally {
    await browser.close();
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exitCode = 1;
});
