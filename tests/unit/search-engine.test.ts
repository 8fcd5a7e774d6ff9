import assert from 'node:assert/strict';
import {test} from 'node:test';
import {createEngine, editDistance, escapeHtml, fold, memorySource, parseQuery} from '../../src/search/client/engine';
import {parseMarkdown} from '../../src/content';
import {buildIndex, definingPages, extractSections, indexFiles, toDocSearchRecords} from '../../src/search/server';
import {namePage} from '../../src/search/client/liteClient';
import {synonymGroups, type OneWaySynonym, type SynonymGroup} from '../../src/search/shared/synonyms';
import {shardOf, termsOf} from '../../src/search/shared/text';

/** Pages as the content pipeline gives them: the Markdown file and its sidebar category. */
const SOURCES = [
  {
    path: '/docs/documents/problems/outofmemory',
    category: '常见问题',
    title: '显存不足',
    markdown: [
      '---',
      'title: 显存不足',
      '---',
      '训练时报 CUDA out of memory。',
      '',
      '## 现象 {#symptom}',
      '',
      '```text',
      'torch.OutOfMemoryError: CUDA out of memory. Tried to allocate 2.00 GiB',
      '```',
      '',
      '## 解决方法 {#fix}',
      '',
      '1. 调小 `per_device_train_batch_size`。',
      '2. 开启 `flash-attn`。',
      '',
      ':::tip 提示',
      '先试最便宜的办法。',
      ':::',
    ].join('\n'),
  },
  {
    path: '/docs/documents/guide/dataProcessing/SFTPupload',
    category: '数据',
    title: '用 SFTP 上传与下载',
    markdown: [
      '用 SFTP 把数据集上传到实例。',
      '',
      '## 上传文件 {#upload}',
      '',
      '上传后在 dataset_info.json 中注册。',
      '',
      '| 参数 | 含义 |',
      '| --- | --- |',
      '| 主机 | 控制台显示的地址 |',
      '',
      '### 断点续传 {#resume}',
      '',
      '大文件上传中断后可以续传，注意 <img src=x onerror=alert(1)> 不是标签。',
    ].join('\n'),
  },
  {
    path: '/docs/documents/recharge/gift_token',
    category: '费用中心',
    title: '代金券',
    markdown: '代金券可以抵扣费用，充值不会改变代金券余额。\n\n## 有效期 {#validity}\n\n以控制台显示为准。',
  },
];

const PAGES = Promise.all(
  SOURCES.map(async ({path, markdown, ...page}) => {
    const {tree, frontMatter} = await parseMarkdown(markdown);
    return {...page, permalink: path, description: String(frontMatter.description ?? ''), tree};
  }),
);
const index = PAGES.then((pages) => buildIndex(pages, 'zh-Hans', 'docs-default-current'));
const engine = index.then((built) =>
  createEngine(memorySource(built), 'https://docs.example', [
    ['免费试用', '免费体验'],
    ['oom', '显存不足'],
  ]),
);
const search = async (query: string, extra: Record<string, unknown> = {}) =>
  (await engine).search({indexName: 'local', query, highlightPreTag: '<mark>', highlightPostTag: '</mark>', ...extra});

test('fold keeps the length and folds full-width ASCII and case', async () => {
  assert.equal(fold('ＧＰＵ　显存 LoRA'), 'gpu 显存 lora');
  assert.equal(fold('ＧＰＵ　显存 LoRA').length, 'ＧＰＵ　显存 LoRA'.length);
});

test('queries become clauses: Han runs of bigrams, Latin words, quoted phrases, exclusions; 64 characters at most', async () => {
  const terms = (q: string) => parseQuery(q).clauses.map((c) => c.alts.map((alt) => alt.map((u) => u.term)));
  assert.deepEqual(terms('SFTP  上传 '), [[['sftp']], [['上传']]]);
  assert.deepEqual(terms('显存不足怎么办 '), [[['显存', '存不', '不足']]], 'question words drop out');
  assert.deepEqual(
    terms('lora_rank '),
    [[['lora_rank'], ['lora', 'rank']]],
    'a word with underscores also as its parts',
  );
  assert.deepEqual(terms('显'), [[['显']]], 'a lone character while typing matches as a prefix');
  const quoted = parseQuery('"out of memory" -lora');
  assert.equal(quoted.clauses[0]!.required, true);
  assert.deepEqual(
    quoted.excluded.map((u) => u.map((x) => x.term)),
    [['lora']],
  );
  assert.ok(parseQuery('a'.repeat(100)).clauses[0]!.alts[0]![0]!.term.length === 64);
  const synonyms = parseQuery('免费试用 ', [['免费试用', '免费体验']]).clauses[0]!.alts.map((alt) =>
    alt.map((u) => u.term),
  );
  assert.deepEqual(synonyms, [
    ['免费', '费试', '试用'],
    ['免费', '费体', '体验'],
  ]);
});

test('index terms are Han bigrams and Latin words; a prefix finds its completions in one shard', async () => {
  assert.deepEqual(termsOf('显存不足 dataset_info.json'), [
    '显存',
    '存不',
    '不足',
    'dataset_info',
    'dataset',
    'info',
    'json',
  ]);
  assert.equal(shardOf('显存', 64), shardOf('显卡', 64));
  assert.equal(shardOf('dataset', 64), shardOf('da', 64));
  assert.equal(editDistance('lora_rnak', 'lora_rank', 2), 1, 'a transposition is one edit');
  assert.equal(editDistance('datase', 'dataset', 1), 1);
  assert.equal(editDistance('abc', 'xyz', 1), 2);
});

test('synonyms.json: groups of at least two words and one-way entries, folded', async () => {
  const entries = synonymGroups();
  const groups = entries.filter((e): e is SynonymGroup => Array.isArray(e));
  const oneWay = entries.filter((e): e is OneWaySynonym => !Array.isArray(e));
  assert.ok(groups.length >= 10 && oneWay.length >= 20);
  assert.ok(groups.some((g) => g.includes('免费试用') && g.includes('免费体验')));
  assert.ok(oneWay.some((e) => e.from.includes('instance') && e.to.includes('实例')));
  assert.ok(entries.flatMap((e) => (Array.isArray(e) ? e : [...e.from, ...e.to])).every((w) => w === fold(w)));
  assert.throws(() => synonymGroups([['只有一个']]), /needs two words/);
  assert.throws(() => synonymGroups([{from: ['instance'], to: []}]), /"to" must be a list of non-empty words/);
  assert.throws(() => synonymGroups([{from: ['a'], to: ['b'], both: true}]), /keys other than from and to/);
});

test('a one-way synonym expands only from its English word, which is matched whole and not as a prefix', () => {
  const synonyms = [{from: ['instance'], to: ['实例']}, ['检查点', 'checkpoint']];
  const terms = (query: string) =>
    parseQuery(query, synonyms).clauses.map((c) => c.alts.map((a) => a.map((u) => u.term)));
  assert.deepEqual(terms('instance'), [[['instance'], ['实例']]]);
  assert.equal(parseQuery('instance', synonyms).clauses[0]!.alts[0]![0]!.prefix, false);
  assert.deepEqual(terms('实例 '), [[['实例']]]);
  // Two-way groups expand both ways; a word inside an identifier is not the word.
  assert.deepEqual(terms('检查点 '), [[['检查', '查点'], ['checkpoint']]]);
  assert.deepEqual(terms('resume_from_checkpoint '), [[['resume_from_checkpoint'], ['resume', 'from', 'checkpoint']]]);
});

test('extraction makes one section per heading with its text, code and table rows', async () => {
  const sections = extractSections((await PAGES)[1]!.tree);
  assert.deepEqual(
    sections.map((s) => [s.anchor, s.headings]),
    [
      [null, []],
      ['upload', ['上传文件']],
      ['resume', ['上传文件', '断点续传']],
    ],
  );
  assert.ok(sections[1]!.texts.includes('参数 | 含义'));
  const oom = extractSections((await PAGES)[0]!.tree);
  assert.match(oom[1]!.texts[0]!, /^torch\.OutOfMemoryError/);
  assert.ok(oom[2]!.texts.includes('先试最便宜的办法。'), 'admonition text is indexed without its fences');
});

test('records carry DocSearch hierarchy, type and anchored URL', async () => {
  const records = toDocSearchRecords(await index, 'https://docs.example');
  const resume = records.find((r) => r.anchor === 'resume' && r.type === 'lvl3')!;
  assert.equal(resume.url, 'https://docs.example/docs/documents/guide/dataProcessing/SFTPupload#resume');
  assert.deepEqual(
    [resume.hierarchy.lvl0, resume.hierarchy.lvl1, resume.hierarchy.lvl2, resume.hierarchy.lvl3],
    ['数据', '用 SFTP 上传与下载', '上传文件', '断点续传'],
  );
  assert.ok(records.every((r) => r.hierarchy.lvl0 && r.hierarchy.lvl1));
});

test('Chinese words that segmenters split are found as typed', async () => {
  for (const [query, page] of [
    ['显存', 'outofmemory'],
    ['上传', 'SFTPupload'],
    ['充值', 'gift_token'],
  ] as const) {
    const {hits} = await search(query);
    assert.ok(hits.length > 0, query);
    assert.match(hits[0]!.url, new RegExp(page), query);
  }
});

test('the index files: meta, shards and one file per page, all JSON', async () => {
  const files = indexFiles(await index);
  assert.ok(files.has('meta.json') && files.has('s0.json') && files.has('p2.json'));
  assert.equal(files.size, 1 + (await index).meta.shards + SOURCES.length);
  assert.deepEqual(JSON.parse(files.get('p2.json')!).title, '代金券');
});

test('English and code tokens match, including prefixes while typing', async () => {
  assert.match((await search('dataset_info.json')).hits[0]!.url, /SFTPupload#upload/);
  assert.match((await search('CUDA out of memory')).hits[0]!.url, /outofmemory/);
  assert.match((await search('flash-attn')).hits[0]!.url, /outofmemory#fix/);
  assert.match((await search('per_device_tr')).hits[0]!.url, /outofmemory#fix/);
});

test('a title match ranks above a body match', async () => {
  const hits = (await search('代金券')).hits;
  assert.equal(hits[0]!.type, 'lvl1');
  assert.equal(hits[0]!.hierarchy.lvl1, '代金券');
});

test('a pasted error line with other numbers still finds its page', async () => {
  const {hits} = await search('torch.OutOfMemoryError: CUDA out of memory. Tried to allocate 5.12 GiB');
  assert.match(hits[0]!.url, /outofmemory#symptom/);
});

test('a question, a synonym and a typo find their page', async () => {
  assert.match((await search('显存不足怎么办')).hits[0]!.url, /outofmemory/);
  assert.match((await search('OOM')).hits[0]!.url, /outofmemory/);
  assert.match((await search('sftpp')).hits[0]!.url, /SFTPupload/);
  assert.match((await search('代金')).hits[0]!.url, /gift_token/, 'a prefix while typing');
});

test('words anywhere on a page match it; the page whose title says it comes first', async () => {
  const hits = (await search('代金券 续传')).hits;
  assert.ok(hits.some((h) => /gift_token/.test(h.url)) && hits.some((h) => /SFTPupload/.test(h.url)));
  assert.match((await search('主机 断点续传')).hits[0]!.url, /SFTPupload/, 'words from a table row and a heading');
});

test('page and query text are escaped; only the requested tags are markup', async () => {
  const hit = (await search('img')).hits[0]!;
  const value = hit._highlightResult.content!.value;
  assert.ok(value.includes('&#60;<mark>img</mark> src=x onerror=alert(1)&#62;'), value);
  assert.ok(!hit.content!.includes('<'));
  const hostile = await search('<img src=x onerror=alert(1)>');
  for (const h of hostile.hits) {
    const rendered = [
      h.content,
      ...Object.values(h.hierarchy),
      h._highlightResult.content?.value,
      h._snippetResult.content?.value,
    ];
    assert.ok(
      rendered.every((v) => !v || !/<img/i.test(v)),
      JSON.stringify(rendered),
    );
  }
  assert.equal(escapeHtml(`<a href="x">'&'</a>`), '&#60;a href=&#34;x&#34;&#62;&#39;&#38;&#39;&#60;/a&#62;');
  const evil = await (
    await engine
  ).search({
    indexName: 'local',
    query: '上传',
    highlightPreTag: '<img src=x onerror=alert(1)>',
  });
  const evilValue = evil.hits[0]!._highlightResult.hierarchy.lvl1!.value;
  assert.ok(evilValue.includes('<em>上传</em>') && !evilValue.includes('<img'), 'unknown tags fall back to <em>');
});

test('regex metacharacters are plain text', async () => {
  for (const q of ['.*', '(', '[a-', '\\', '$^|?+']) await assert.doesNotReject(() => search(q));
});

test('snippets respect the requested word count and ellipsis', async () => {
  const long = (await search('续传', {attributesToSnippet: ['content:5'], snippetEllipsisText: '…'})).hits.find(
    (h) => h.type === 'content',
  )!;
  const value = long._snippetResult.content!.value;
  assert.ok(value.includes('<mark>续传</mark>'));
  assert.ok(value.endsWith('…'));
  assert.ok(value.replace(/<\/?mark>|&#\d+;/g, '').length <= 20, value);
});

test('facet filters, facets and pagination follow Algolia semantics', async () => {
  const all = await search('上传');
  assert.ok(all.nbHits >= 3);
  const none = await search('上传', {facetFilters: ['language:en']});
  assert.equal(none.nbHits, 0);
  const scoped = await search('上传', {
    facetFilters: ['language:zh-Hans', ['docusaurus_tag:default', 'docusaurus_tag:docs-default-current']],
    facets: ['language'],
    hitsPerPage: 2,
    page: 1,
  });
  assert.equal(scoped.nbHits, all.nbHits);
  assert.equal(scoped.page, 1);
  assert.equal(scoped.nbPages, Math.ceil(all.nbHits / 2));
  assert.deepEqual(scoped.facets, {language: {'zh-Hans': all.nbHits}});
  assert.deepEqual(
    scoped.hits.map((h) => h.objectID),
    all.hits.slice(2, 4).map((h) => h.objectID),
  );
});

test('the query is echoed verbatim and an empty query returns nothing', async () => {
  assert.equal((await search('  显存 ')).query, '  显存 ');
  assert.equal((await search('')).nbHits, 0);
});

test('for the search page, a section hit is titled with its page and its heading', async () => {
  const hit = (await search('断点续传')).hits.find((h) => h.type !== 'lvl1' && h.hierarchy.lvl3)!;
  const named = namePage(hit);
  const levels = Object.entries(named._highlightResult.hierarchy);
  assert.deepEqual(
    levels.map(([k]) => k),
    ['lvl0', 'lvl2', 'lvl3'],
    'the page moves from the breadcrumbs into the title',
  );
  assert.match(levels[2]![1].value, /^用 SFTP 上传与下载 › .*续传/);
  const page = (await search('代金券')).hits[0]!;
  assert.equal(namePage(page), page, 'a page hit keeps its title');
});

test('definitions: a table row whose first cell is only code, or such a heading; reference pages own them', async () => {
  const {tree} = await parseMarkdown(
    [
      '| 参数 | 含义 |',
      '|---|---|',
      '| `lora_rank` | 秩 |',
      '| `lora_alpha` / `--lora_dropout` | 缩放与丢弃 |',
      '| `lora_target` 调大 | 有字的格子不是定义 |',
      '| 秩 | 不是代码 |',
      '',
      '### `FORCE_TORCHRUN=` {#force}',
      '',
      '### 设置 `template` {#template}',
    ].join('\n'),
  );
  const sections = extractSections(tree);
  assert.deepEqual(
    sections.map((s) => s.defines),
    [['lora_rank', 'lora_alpha', 'lora_dropout'], ['force_torchrun'], []],
  );
  const page = (ids: string[]) => [{anchor: null, headings: [], texts: [], defines: ids}];
  const reference = page(Array.from({length: 12}, (_, i) => `p${i}`).concat('lora_rank'));
  const bigger = page(Array.from({length: 20}, (_, i) => `q${i}`).concat('lora_rank'));
  const practice = page(['lora_rank', 'cutoff_len', 'only_here']);
  const owners = definingPages([reference, practice, bigger]);
  assert.deepEqual([...owners.get('lora_rank')!], [2], 'the reference page with the most definitions');
  assert.deepEqual([...owners.get('p0')!], [0]);
  assert.equal(owners.has('only_here'), false, 'a page with a few settings rows is no reference');
});
