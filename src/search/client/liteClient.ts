// Stand-in for `algoliasearch/lite` when no Algolia credentials are configured (aliased by
// src/plugins/local-search.ts): the stock /search page then queries the embedded index instead of Algolia.
import {getLocalSearchClient, type LocalSearchClient} from './client';

export function liteClient(): LocalSearchClient {
  return getLocalSearchClient();
}
