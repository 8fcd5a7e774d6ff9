// `npm run bench:search`: prints the embedded search's relevance (recall@5 and MRR per kind of query, as the DocSearch
// modal groups hits), its index size on the real pages and on a synthetic corpus ten times larger, the bytes the first
// query transfers (gzip), and query times in headless Chromium. A measurement to read, not a test: it asserts nothing.
import {createServer} from 'node:http';
import type {AddressInfo} from 'node:net';
import {gzipSync} from 'node:zlib';
import {build} from 'esbuild';
import {chromium} from '@playwright/test';
import {chromiumArgs, chromiumPath} from './chromium';
import {createEngine, memorySource, type IndexSource} from '../src/search/client/engine';
import {parseMarkdown} from '../src/content';
import {loadSiteDocs} from '../src/content/site';
import {byKind, figures, modalPages, outcome, pageIds, type Outcome, type PageIds} from '../src/search/eval/measure';
import {RELEVANCE_QUERIES} from '../src/search/eval/queries';
import {buildIndex, indexFiles, type SourcePage} from '../src/search/server';
import {SNIPPET_WORDS} from '../src/search/shared/limits';
import {LEVELS, type BuiltIndex, type SearchRequest} from '../src/search/shared/types';

const RUNS = 5;
const ORIGIN = 'http://bench.local';
/** What DocSearch's own UI code (modal, styles, texts) adds to a first search, gzip (measured by the budget e2e). */
const DOCSEARCH_UI_KIB = 110;
const TARGETS = {firstQueryKiB: 150, clickKiB: 260, p95Ms: 10, coldMs: 300};

/** What DocSearch 4.7 sends for a keystroke: the request its modal builds for one query (@docsearch/react 4.7.0). */
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

const kib = (bytes: number) => `${(bytes / 1024).toFixed(1)} KiB`;
const ms = (t: number) => `${t.toFixed(2)} ms`;
const gz = (text: string) => gzipSync(text).length;

function percentile(values: number[], p: number): number {
  const sorted = [...values].sort((a, b) => a - b);
  if (!sorted.length) return NaN;
  return sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1))]!;
}

function table(title: string, rows: [string, string][]) {
  const width = Math.max(...rows.map(([k]) => k.length));
  console.log(`\n${title}`);
  for (const [k, v] of rows) console.log(`  ${k.padEnd(width)}  ${v}`);
}

/**
 * Ten times the pages: each real page once as it is and nine more times under its own path, with its title numbered
 * and about a third of the longer Latin words of its body and description given a per-copy suffix (directives
 * such as `:::warning` left alone), so postings grow tenfold and the vocabulary grows too (as a bigger site's
 * would), instead of repeating byte for byte.
 */
async function syntheticPages(pages: (SourcePage & {body: string})[], times: number): Promise<SourcePage[]> {
  const out: SourcePage[] = [];
  for (let k = 0; k < times; k++) {
    for (const page of pages) {
      if (k === 0) {
        out.push(page);
        continue;
      }
      let n = 0;
      const suffix = (text: string) =>
        text.replace(/:+[A-Za-z][\w-]*(?:\{[^}\n]*\})?|\b[A-Za-z][A-Za-z_]{4,}\b/g, (w) =>
          w.startsWith(':') || n++ % 3 !== k % 3 ? w : `${w}${k}`,
        );
      const description = suffix(page.description);
      const {tree} = await parseMarkdown(suffix(page.body));
      out.push({...page, permalink: `${page.permalink}-copy${k}`, title: `${page.title}（${k}）`, description, tree});
    }
  }
  return out;
}

interface Sizes {
  pages: number;
  files: number;
  raw: number;
  gzip: number;
  meta: number;
  shards: number;
  shardAvg: number;
  shardMax: number;
  pageAvg: number;
  pageMax: number;
  gzipOf: Map<string, number>;
}

function sizes(index: BuiltIndex): Sizes {
  const files = indexFiles(index);
  const gzipOf = new Map([...files].map(([name, text]) => [name, gz(text)]));
  const of = (prefix: string) => [...gzipOf].filter(([n]) => n.startsWith(prefix)).map(([, v]) => v);
  const shards = of('s');
  const pages = of('p');
  return {
    pages: index.pages.length,
    files: files.size,
    raw: [...files.values()].reduce((s, t) => s + Buffer.byteLength(t), 0),
    gzip: [...gzipOf.values()].reduce((a, b) => a + b, 0),
    meta: gzipOf.get('meta.json')!,
    shards: shards.length,
    shardAvg: shards.reduce((a, b) => a + b, 0) / shards.length,
    shardMax: Math.max(...shards),
    pageAvg: pages.reduce((a, b) => a + b, 0) / pages.length,
    pageMax: Math.max(...pages),
    gzipOf,
  };
}

/** Bytes (gzip) each query of the set fetches on a cold modal: engine, meta, its shards, the shown pages' files. */
async function firstQueryBytes(index: BuiltIndex, size: Sizes, engineGzip: number): Promise<number[]> {
  const out: number[] = [];
  for (const q of RELEVANCE_QUERIES) {
    const fetched = new Set<string>();
    const source: IndexSource = {
      meta: index.meta,
      shard: (i) => (fetched.add(`s${i}.json`), index.shards[i]!),
      page: (i) => (fetched.add(`p${i}.json`), index.pages[i]!),
    };
    await createEngine(source, ORIGIN).search(docSearchRequest(q.query));
    out.push(engineGzip + size.meta + [...fetched].reduce((s, f) => s + size.gzipOf.get(f)!, 0));
  }
  return out;
}

async function relevance(index: BuiltIndex, ids: PageIds): Promise<Outcome[]> {
  const engine = createEngine(memorySource(index), ORIGIN);
  const outcomes: Outcome[] = [];
  for (const q of RELEVANCE_QUERIES) {
    const {hits} = await engine.search(docSearchRequest(q.query));
    outcomes.push(outcome(q, modalPages(hits, ids)));
  }
  return outcomes;
}

async function main() {
  const {docs: real, tag} = await loadSiteDocs();
  let t = performance.now();
  const index1 = buildIndex(real, 'zh-Hans', tag);
  const build1 = performance.now() - t;
  const synthetic = await syntheticPages(real, 10);
  t = performance.now();
  const index10 = buildIndex(synthetic, 'zh-Hans', tag);
  const build10 = performance.now() - t;

  // Relevance.
  const outcomes = await relevance(index1, pageIds(real));
  const all = figures(outcomes);
  table(`Relevance: ${all.n} queries (src/search/eval/queries.ts), first 20 hits grouped as the modal shows them`, [
    ['all', `recall@5 ${all.recall.toFixed(3)}  MRR ${all.mrr.toFixed(3)}  no result ${all.empty}`],
    ...[...byKind(outcomes)].map(
      ([kind, f]) =>
        [`${kind} (${f.n})`, `recall@5 ${f.recall.toFixed(3)}  MRR ${f.mrr.toFixed(3)}`] as [string, string],
    ),
  ]);

  // The engine as the browser gets it (the site's chunk is built by Rspack; this esbuild bundle is a close stand-in).
  const bundle = await build({
    stdin: {
      contents: `export {createEngine} from './src/search/client/engine';`,
      resolveDir: process.cwd(),
      loader: 'ts',
    },
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
  const engineGzip = gz(engineJs);

  // Sizes and first-query bytes at 1x and 10x.
  for (const [label, index, ms_] of [
    ['1x', index1, build1],
    ['10x', index10, build10],
  ] as const) {
    const size = sizes(index);
    const bytes = await firstQueryBytes(index, size, engineGzip);
    const limit = label === '1x' ? TARGETS.firstQueryKiB : 2 * TARGETS.firstQueryKiB;
    const p95 = percentile(bytes, 95);
    const max = Math.max(...bytes);
    table(`Index ${label}: ${size.pages} pages, built in ${ms(ms_)}`, [
      ['files', `${size.files} (1 meta, ${size.shards} shards, ${size.pages} pages)`],
      ['all files', `${kib(size.raw)} raw, ${kib(size.gzip)} gzip`],
      ['meta.json', `${kib(size.meta)} gzip`],
      ['shard', `${kib(size.shardAvg)} gzip on average, ${kib(size.shardMax)} largest`],
      ['page file', `${kib(size.pageAvg)} gzip on average, ${kib(size.pageMax)} largest`],
      ['engine chunk (esbuild)', `${kib(engineJs.length)} raw, ${kib(engineGzip)} gzip`],
      [
        'first query (gzip)',
        `median ${kib(percentile(bytes, 50))}, p95 ${kib(p95)}, max ${kib(max)} ` +
          `(engine + meta + shards + shown pages; target <= ${limit} KiB) ${max <= limit * 1024 ? 'ok' : 'OVER'}`,
      ],
      [
        'click to results (gzip)',
        `max ${kib(max + DOCSEARCH_UI_KIB * 1024)} with DocSearch's UI (~${DOCSEARCH_UI_KIB} KiB)` +
          (label === '1x'
            ? `; target < ${TARGETS.clickKiB} KiB (asserted on the real build by tests/e2e/search-bytes.spec.ts)`
            : ''),
      ],
    ]);
  }

  // Chromium.
  if (!chromiumPath) {
    console.log('\nChromium: not found at /usr/bin/chromium (set CHROME_PATH); skipped.');
    return;
  }
  const files1 = indexFiles(index1);
  const queries = RELEVANCE_QUERIES.map((q) => q.query);
  const browser = await chromium.launch({executablePath: chromiumPath, args: chromiumArgs});
  try {
    // A local HTTP server (gzip, as a host serves it), so fetch timings include a real request and decompression.
    const server = createServer((request, response) => {
      const {pathname} = new URL(request.url ?? '/', ORIGIN);
      const name = pathname.replace(/^\/index\//, '');
      const body = files1.has(name)
        ? files1.get(name)!
        : pathname === '/engine.js'
          ? engineJs
          : pathname === '/'
            ? '<!doctype html><title>bench</title>'
            : null;
      if (body === null) return void response.writeHead(404).end();
      const type = name.endsWith('.json') ? 'application/json' : pathname === '/' ? 'text/html' : 'text/javascript';
      response.writeHead(200, {'content-type': `${type}; charset=utf-8`, 'content-encoding': 'gzip'});
      response.end(gzipSync(body));
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
    const page = await browser.newPage();
    // tsx keeps function names with a helper the page does not have.
    await page.addInitScript('window.__name = (f) => f');
    await page.goto(`${origin}/`);
    const result = await page.evaluate(
      async ({queries, runs, requests}) => {
        type Api = {
          createEngine(source: unknown, origin: string): {search(r: unknown): Promise<{hits: unknown[]}>};
        };
        const w = window as unknown as {SearchEngine?: Api};
        const get = (name: string) => fetch(`/index/${name}`).then((r) => r.json());
        // Cold: what happens between opening the modal and the first results of each query, on a fresh engine (the
        // script and meta.json load when the modal opens; the first keystroke fetches shards and page files).
        const t0 = performance.now();
        await new Promise<void>((resolve, reject) => {
          const script = document.createElement('script');
          script.src = '/engine.js';
          script.onload = () => resolve();
          script.onerror = () => reject(new Error('engine.js failed to load'));
          document.head.append(script);
        });
        const meta = await get('meta.json');
        const opened = performance.now() - t0;
        const fresh = () =>
          w.SearchEngine!.createEngine(
            {meta, shard: (i: number) => get(`s${i}.json`), page: (i: number) => get(`p${i}.json`)},
            location.origin,
          );
        const cold: number[] = [];
        for (const request of requests) {
          const engine = fresh();
          const start = performance.now();
          await engine.search(request);
          cold.push(performance.now() - start);
        }
        // Warm: every file already fetched once; the engine's own work per keystroke.
        const engine = fresh();
        const warm: {query: string; t: number}[] = [];
        for (const [q, request] of requests.entries()) {
          await engine.search(request);
          for (let i = 0; i < runs; i++) {
            const start = performance.now();
            await engine.search(request);
            warm.push({query: queries[q]!, t: performance.now() - start});
          }
        }
        return {opened, cold, warm};
      },
      {queries, runs: RUNS, requests: queries.map(docSearchRequest)},
    );
    const warm = result.warm.map((s) => s.t);
    const slowest = result.warm.reduce((a, b) => (b.t > a.t ? b : a));
    const p95 = percentile(warm, 95);
    const coldMax = Math.max(...result.cold);
    table(`Chromium ${browser.version()} (headless; files from a local gzip HTTP server), 1x`, [
      ['open: engine script + meta.json', ms(result.opened)],
      [
        'first results, cold engine',
        `median ${ms(percentile(result.cold, 50))}, p95 ${ms(percentile(result.cold, 95))}, max ${ms(coldMax)} ` +
          `(shards + page files + ranking; target < ${TARGETS.coldMs} ms with the open) ` +
          (coldMax + result.opened < TARGETS.coldMs ? 'ok' : 'OVER'),
      ],
      [
        `query, warm (${queries.length} x ${RUNS})`,
        `p50 ${ms(percentile(warm, 50))}, p95 ${ms(p95)} (target < ${TARGETS.p95Ms} ms) ${p95 < TARGETS.p95Ms ? 'ok' : 'OVER'}`,
      ],
      ['query max', `${ms(slowest.t)} (${slowest.query})`],
    ]);
    server.close();
  } finally {
    await browser.close();
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exitCode = 1;
});
