// `npm run search:push`: uploads the docs' search records and the index settings DocSearch needs to a hosted Algolia
// index (admin key from the environment), for deployers who outgrow the embedded index. `--dry-run` only prints.
import {resolve} from 'node:path';
import {pathToFileURL} from 'node:url';
import {algoliasearch} from 'algoliasearch';
import {loadSiteDocs} from '../src/content/site';
import {buildIndex, toDocSearchRecords} from '../src/search/server';
import {synonymGroups} from '../src/search/shared/synonyms';
import {escapeHtml} from '../src/search/shared/text';
import {LEVELS, type DocSearchRecord} from '../src/search/shared/types';
import {siteUrl as defaultSiteUrl} from '../src/settings';

type AlgoliaClient = ReturnType<typeof algoliasearch>;
export type AlgoliaIndexSettings = Parameters<AlgoliaClient['setSettings']>[0]['indexSettings'];

export const REQUIRED_VARIABLES = ['ALGOLIA_APP_ID', 'ALGOLIA_ADMIN_API_KEY', 'ALGOLIA_INDEX_NAME'] as const;

export interface PushConfig {
  appId: string;
  adminApiKey: string;
  indexName: string;
  siteUrl: string;
}

/** SITE_URL, or the site's configured URL, without a trailing slash; null when it is not an http(s) URL. */
export function resolveSiteUrl(env: NodeJS.ProcessEnv): string | null {
  const value = env.SITE_URL?.trim() || defaultSiteUrl;
  try {
    const url = new URL(value);
    return /^https?:$/.test(url.protocol) ? value.replace(/\/+$/, '') : null;
  } catch {
    return null;
  }
}

/** The upload's configuration from the environment, or the message that says which variables are missing. */
export function readPushConfig(env: NodeJS.ProcessEnv): {ok: true; config: PushConfig} | {ok: false; error: string} {
  const value = (name: string) => env[name]?.trim() ?? '';
  const missing = REQUIRED_VARIABLES.filter((name) => !value(name));
  const problems: string[] = [];
  if (missing.length) problems.push(`缺少环境变量：${missing.join('、')}。`);
  const siteUrl = resolveSiteUrl(env);
  if (!siteUrl) problems.push(`SITE_URL 不是有效的 http(s) 地址：${env.SITE_URL ?? ''}。`);
  if (problems.length || !siteUrl) {
    return {
      ok: false,
      error: [
        'search:push 已停止，没有上传任何内容。',
        ...problems,
        `上传需要 ${REQUIRED_VARIABLES.join('、')}（管理员 API Key，不是搜索 Key）；` +
          `SITE_URL 可选，默认 ${defaultSiteUrl}。`,
        '只想查看将要上传的设置和记录：npm run search:push -- --dry-run',
      ].join('\n'),
    };
  }
  return {
    ok: true,
    config: {
      appId: value('ALGOLIA_APP_ID'),
      adminApiKey: value('ALGOLIA_ADMIN_API_KEY'),
      indexName: value('ALGOLIA_INDEX_NAME'),
      siteUrl,
    },
  };
}

/**
 * Index settings for DocSearch on this site: those of Algolia's Docusaurus crawler template, with Chinese and English
 * query and index languages, `_` kept inside words (lora_rank, dataset_info) and `<mark>` highlights.
 */
export const ALGOLIA_SETTINGS = {
  searchableAttributes: [...LEVELS.map((level) => `unordered(hierarchy.${level})`), 'content'],
  attributesForFaceting: ['type', 'language', 'docusaurus_tag'],
  attributesToRetrieve: ['hierarchy', 'content', 'anchor', 'url', 'url_without_anchor', 'type'],
  attributesToHighlight: ['hierarchy', 'content'],
  attributesToSnippet: ['content:10'],
  camelCaseAttributes: ['hierarchy', 'content'],
  customRanking: ['desc(weight.pageRank)', 'desc(weight.level)', 'asc(weight.position)'],
  ranking: ['words', 'filters', 'typo', 'attribute', 'proximity', 'exact', 'custom'],
  distinct: true,
  attributeForDistinct: 'url',
  queryLanguages: ['zh', 'en'],
  indexLanguages: ['zh', 'en'],
  ignorePlurals: true,
  removeStopWords: false,
  removeWordsIfNoResults: 'allOptional',
  separatorsToIndex: '_',
  minWordSizefor1Typo: 3,
  minWordSizefor2Typos: 7,
  allowTyposOnNumericTokens: false,
  minProximity: 1,
  attributeCriteriaComputedByMinProximity: true,
  highlightPreTag: '<mark>',
  highlightPostTag: '</mark>',
  advancedSyntax: true,
} satisfies AlgoliaIndexSettings;

/**
 * The records to upload: the embedded index's records with absolute URLs, text fields HTML-escaped as the DocSearch
 * crawler stores them (DocSearch renders stored recent searches' raw fields as HTML).
 */
export async function algoliaRecords(siteUrl: string): Promise<DocSearchRecord[]> {
  const {docs, tag} = await loadSiteDocs();
  return toDocSearchRecords(buildIndex(docs, 'zh-Hans', tag), siteUrl).map((record) => ({
    ...record,
    content: record.content === null ? null : escapeHtml(record.content),
    hierarchy: Object.fromEntries(
      LEVELS.map((level) => [level, record.hierarchy[level] === null ? null : escapeHtml(record.hierarchy[level])]),
    ) as DocSearchRecord['hierarchy'],
  }));
}

export type AlgoliaSynonym =
  | {objectID: string; type: 'synonym'; synonyms: string[]}
  | {objectID: string; type: 'oneWaySynonym'; input: string; synonyms: string[]};

/**
 * src/search/shared/synonyms.json as Algolia synonyms, the entries the embedded engine expands: a group as two-way
 * synonyms, a one-way entry as one one-way synonym per `from` word.
 */
export function algoliaSynonyms(): AlgoliaSynonym[] {
  return synonymGroups().flatMap((entry, i): AlgoliaSynonym[] =>
    Array.isArray(entry)
      ? [{objectID: `synonyms-${i + 1}`, type: 'synonym', synonyms: entry}]
      : entry.from.map((input, k) => ({
          objectID: `synonyms-${i + 1}-${k + 1}`,
          type: 'oneWaySynonym',
          input,
          synonyms: entry.to,
        })),
  );
}

export async function main(argv: string[], env: NodeJS.ProcessEnv): Promise<number> {
  if (argv.includes('--dry-run')) {
    const siteUrl = resolveSiteUrl(env);
    if (!siteUrl) {
      console.error(`SITE_URL 不是有效的 http(s) 地址：${env.SITE_URL ?? ''}`);
      return 1;
    }
    const records = await algoliaRecords(siteUrl);
    const largest = Math.max(...records.map((r) => Buffer.byteLength(JSON.stringify(r))));
    console.log('试运行（--dry-run）：不连接 Algolia，只打印将要上传的内容。\n');
    console.log(`索引设置：\n${JSON.stringify(ALGOLIA_SETTINGS, null, 2)}\n`);
    console.log(`记录数：${records.length}（最大一条 ${largest} 字节），站点地址：${siteUrl}\n`);
    const synonyms = algoliaSynonyms();
    console.log(`同义词（替换索引中的全部同义词）：${synonyms.length} 组`);
    for (const s of synonyms) {
      console.log(
        `  ${s.objectID}: ${s.type === 'synonym' ? s.synonyms.join(' = ') : `${s.input} → ${s.synonyms.join(', ')}`}`,
      );
    }
    console.log('');
    console.log(`第一条记录：\n${JSON.stringify(records[0], null, 2)}`);
    return 0;
  }
  const read = readPushConfig(env);
  if (!read.ok) {
    console.error(read.error);
    return 1;
  }
  const {appId, adminApiKey, indexName, siteUrl} = read.config;
  const records = await algoliaRecords(siteUrl);
  const client = algoliasearch(appId, adminApiKey);
  console.log(`写入索引设置：${indexName}（应用 ${appId}）`);
  const {taskID} = await client.setSettings({indexName, indexSettings: ALGOLIA_SETTINGS});
  await client.waitForTask({indexName, taskID});
  const synonyms = algoliaSynonyms();
  console.log(`写入 ${synonyms.length} 组同义词（替换已有的同义词）…`);
  const saved = await client.saveSynonyms({indexName, synonymHit: synonyms, replaceExistingSynonyms: true});
  await client.waitForTask({indexName, taskID: saved.taskID});
  console.log(`上传 ${records.length} 条记录（替换索引中的全部记录）…`);
  await client.replaceAllObjects({
    indexName,
    objects: records as unknown as Record<string, unknown>[],
    batchSize: 1000,
  });
  console.log(`完成：${indexName} 现有 ${records.length} 条记录，链接指向 ${siteUrl}。`);
  return 0;
}

if (process.argv[1] && import.meta.url === pathToFileURL(resolve(process.argv[1])).href) {
  main(process.argv.slice(2), process.env).then(
    (code) => (process.exitCode = code),
    (error: unknown) => {
      console.error(`search:push 失败：${error instanceof Error ? error.message : String(error)}`);
      process.exitCode = 1;
    },
  );
}
