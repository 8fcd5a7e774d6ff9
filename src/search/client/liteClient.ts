// Stand-in for `algoliasearch/lite` when no Algolia credentials are configured (aliased by
// src/plugins/local-search.ts): the stock /search page then queries the embedded index instead of Algolia. The page
// titles each result with its deepest heading (现象, 原因); here that title also names the page: 显存不足 › 现象.
import {getLocalSearchClient, type LocalSearchClient} from './client';
import type {SearchHit} from '../shared/types';

/** The hit as the search page reads it: breadcrumbs from all hierarchy levels but the last, which is the title. */
export function namePage(hit: SearchHit): SearchHit {
  const levels = Object.entries(hit._highlightResult.hierarchy);
  const last = levels[levels.length - 1];
  const page = hit._highlightResult.hierarchy.lvl1;
  if (!last || !page || last[0] === 'lvl1') return hit;
  const hierarchy = Object.fromEntries([
    ...levels.slice(0, -1).filter(([level]) => level !== 'lvl1'),
    [last[0], {...last[1], value: `${page.value} › ${last[1].value}`}],
  ]);
  return {...hit, _highlightResult: {...hit._highlightResult, hierarchy}};
}

export function liteClient(): LocalSearchClient {
  const client = getLocalSearchClient();
  return {
    ...client,
    search: (argument) =>
      client
        .search(argument)
        .then(({results}) => ({results: results.map((r) => ({...r, hits: r.hits.map(namePage)}))})),
  };
}
