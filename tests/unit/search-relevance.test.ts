// Relevance of the embedded engine on the real docs, measured as the DocSearch modal shows its hits (grouped by
// section): recall@5 and MRR over the query set in src/search/eval/queries.ts must stay at the bar.
import assert from 'node:assert/strict';
import {test} from 'node:test';
import {createEngine, memorySource} from '../../src/search/client/engine';
import {byKind, figures, modalPages, outcome, pageIds, RECALL_AT, type Outcome} from '../../src/search/eval/measure';
import {RELEVANCE_QUERIES} from '../../src/search/eval/queries';
import {loadSiteDocs} from '../../src/content/site';
import {buildIndex} from '../../src/search/server';

const MIN_RECALL = 0.97;
const MIN_MRR = 0.9;

const ORIGIN = 'https://docs.example';
const content = loadSiteDocs();
const engine = content.then(({docs, tag}) => createEngine(memorySource(buildIndex(docs, 'zh-Hans', tag)), ORIGIN));

async function modal(query: string): Promise<string[]> {
  const {hits} = await (await engine).search({indexName: 'local', query, hitsPerPage: 20});
  return modalPages(hits, pageIds((await content).docs));
}

test('the index is built from every Markdown page, titled and categorised from the sidebar', async () => {
  const {docs} = await content;
  assert.ok(docs.length >= 80, `only ${docs.length} pages`);
  const byId = new Map(docs.map((p) => [p.id, p]));
  assert.equal(byId.get('documents/problems/outofmemory')?.category, '常见问题');
  assert.equal(byId.get('documents/recharge/gift_token')?.title, '代金券');
  assert.equal(byId.get('documents/guide/format')?.category, '更多文档', 'unlisted pages get the fallback category');
  assert.equal(byId.get('documents/guide/shili/ssh')?.permalink, '/docs/documents/guide/shili/ssh');
});

test('the query set has at least 150 queries of every kind, each naming pages that exist', async () => {
  const ids = new Set((await content).docs.map((p) => p.id));
  const missing = RELEVANCE_QUERIES.flatMap((q) =>
    q.expected.filter((id) => !ids.has(id)).map((id) => `${q.query} → ${id}`),
  );
  assert.deepEqual(missing, []);
  assert.ok(RELEVANCE_QUERIES.length >= 150, `${RELEVANCE_QUERIES.length} queries`);
  const kinds = new Set(RELEVANCE_QUERIES.map((q) => q.kind));
  assert.equal(kinds.size, 9);
});

test(`recall@${RECALL_AT} >= ${MIN_RECALL} and MRR >= ${MIN_MRR} over the query set, as the modal shows hits`, async () => {
  const outcomes: Outcome[] = [];
  for (const q of RELEVANCE_QUERIES) {
    outcomes.push(outcome(q, await modal(q.query)));
  }
  const all = figures(outcomes);
  const lines = [...byKind(outcomes)].map(
    ([kind, f]) => `  ${kind.padEnd(10)} ${f.n} queries  recall@5 ${f.recall.toFixed(3)}  MRR ${f.mrr.toFixed(3)}`,
  );
  const misses = outcomes
    .filter((o) => o.rank !== 1)
    .map(
      (o) =>
        `  #${o.rank || '-'} ${o.query.query} → ${o.query.expected.join(' | ')}\n      got ${o.pages.slice(0, 5).join(' | ')}`,
    );
  console.log(
    `recall@5 ${all.recall.toFixed(3)}, MRR ${all.mrr.toFixed(3)}, no result ${all.empty}/${all.n}\n${lines.join('\n')}` +
      `\nnot first:\n${misses.join('\n')}`,
  );
  assert.ok(all.recall >= MIN_RECALL, `recall@5 ${all.recall.toFixed(3)} < ${MIN_RECALL}`);
  assert.ok(all.mrr >= MIN_MRR, `MRR ${all.mrr.toFixed(3)} < ${MIN_MRR}`);
});

test('the queries quoted in the issue find their page first or second', async () => {
  for (const [query, page] of [
    ['免费试用', 'documents/quickstart/freetrialguide'],
    ['创建实例', 'documents/guide/shili/instance|documents/quickstart/start'],
    ['loss 曲线', 'documents/guide/Train/mintor'],
    ['GPU 型号', 'documents/guide/shili/{product}'],
    ['nvidia-smi 查看显卡', 'documents/problems/viewGpuStatus'],
    ['lora_rnak', 'documents/guide/Train/parameter'],
  ] as const) {
    const pages = await modal(query);
    const rank = pages.findIndex((p) => page.split('|').includes(p)) + 1;
    assert.ok(rank >= 1 && rank <= 2, `${query}: ${page} is #${rank || '-'} (${pages.slice(0, 3).join(', ')})`);
  }
});
