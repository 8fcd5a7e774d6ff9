// The browser side of the embedded index: an Algolia-compatible search client. The engine (a lazy chunk) and the
// index's meta file load when search opens, never on page load; a query then fetches the shards of its terms, and
// the files of the pages it shows. No React here.
import type {Engine} from './engine';
import type {IndexMeta, PageFile, SearchRequest, SearchResult, Shard} from '../shared/types';

type LegacyQuery = {indexName: string; params?: Omit<SearchRequest, 'indexName'>};
export type SearchArgument = {requests: SearchRequest[]} | LegacyQuery[];

export interface LocalSearchClient {
  search(argument: SearchArgument): Promise<{results: SearchResult[]}>;
  /** Starts loading the engine and the index's meta file, so the first query does not wait for them. */
  prefetch(): void;
  addAlgoliaAgent(segment: string, version?: string): void;
  transporter: {algoliaAgent: {value: string; add(agent: {segment: string; version?: string}): unknown}};
  appId: string;
}

/** DocSearch shows its "unable to fetch results" screen for an error of this name. */
function retryError(cause: unknown): Error {
  const error = new Error('搜索索引加载失败', {cause});
  error.name = 'RetryError';
  return error;
}

async function getJson<T>(url: string): Promise<T> {
  const response = await fetch(url);
  if (!response.ok) throw new Error(`${url}: HTTP ${response.status}`);
  return (await response.json()) as T;
}

let engine: Promise<Engine> | null = null;

function loadEngine(): Promise<Engine> {
  engine ??= Promise.all([
    import(/* webpackChunkName: "search-engine" */ './engine'),
    import(/* webpackChunkName: "search-engine" */ '@generated/local-search/default/search-manifest.json'),
  ])
    .then(async ([{createEngine}, {default: manifest}]) => {
      const meta = await getJson<IndexMeta>(`${manifest.base}meta.json`);
      return createEngine(
        {
          meta,
          shard: (i) => getJson<Shard>(`${manifest.base}s${i}.json`),
          page: (i) => getJson<PageFile>(`${manifest.base}p${i}.json`),
        },
        window.location.origin,
      );
    })
    .catch((cause: unknown) => {
      engine = null; // let the next keystroke try again
      throw retryError(cause);
    });
  return engine;
}

function normalise(argument: SearchArgument): SearchRequest[] {
  if (Array.isArray(argument)) return argument.map(({indexName, params}) => ({...params, indexName}));
  return argument.requests;
}

let client: LocalSearchClient | null = null;

export function getLocalSearchClient(): LocalSearchClient {
  client ??= {
    appId: 'local',
    async search(argument) {
      const requests = normalise(argument);
      const e = await loadEngine();
      // The engine caps the query at 64 characters for matching and echoes it verbatim. A shard or page file that
      // fails to load fails the search the same way as the engine would.
      const results = await Promise.all(requests.map((r) => e.search(r))).catch((cause: unknown) => {
        throw retryError(cause);
      });
      return {results};
    },
    prefetch() {
      loadEngine().catch(() => undefined);
    },
    addAlgoliaAgent() {},
    transporter: {algoliaAgent: {value: 'local-search', add: () => undefined}},
  };
  return client;
}
