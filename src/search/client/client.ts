// The browser side of the embedded index: an Algolia-compatible search client that loads the engine and the index
// (one lazy chunk) the first time a search runs, never on page load. No React here.
import type {Engine} from './engine';
import type {SearchRequest, SearchResult} from './types';

type LegacyQuery = {indexName: string; params?: Omit<SearchRequest, 'indexName'>};
export type SearchArgument = {requests: SearchRequest[]} | LegacyQuery[];

export interface LocalSearchClient {
  search(argument: SearchArgument): Promise<{results: SearchResult[]}>;
  /** Starts loading the index, so the first query does not wait for it. */
  prefetch(): void;
  addAlgoliaAgent(segment: string, version?: string): void;
  transporter: {algoliaAgent: {value: string; add(agent: {segment: string; version?: string}): unknown}};
  appId: string;
}

let engine: Promise<Engine> | null = null;

function loadEngine(): Promise<Engine> {
  engine ??= Promise.all([
    import(/* webpackChunkName: "search-engine" */ './engine'),
    import(/* webpackChunkName: "search-index" */ '@generated/local-search/default/search-index.json'),
  ]).then(
    ([{createEngine}, index]) => createEngine(index.default, window.location.origin),
    (cause: unknown) => {
      engine = null; // let the next keystroke try again
      // DocSearch shows its "unable to fetch results" screen for this error name.
      const error = new Error('搜索索引加载失败', {cause});
      error.name = 'RetryError';
      throw error;
    },
  );
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
      // The engine caps the query at 64 characters for matching and echoes it verbatim.
      return {results: requests.map((r) => e.search(r))};
    },
    prefetch() {
      loadEngine().catch(() => undefined);
    },
    addAlgoliaAgent() {},
    transporter: {algoliaAgent: {value: 'local-search', add: () => undefined}},
  };
  return client;
}
