// Relevance figures over the query set, as a reader sees them in the DocSearch modal: DocSearch groups hits by lvl0
// (sidebar category) in first-seen order, at most maxResultsPerGroup per group, then by page (lvl1) within a group.
// Used by tests/unit/search-relevance.test.ts and scripts/bench-search.ts.
import type {SearchHit} from '../shared/types';
import type {QueryKind, RelevanceQuery} from './queries';

export const RECALL_AT = 5;
/** docusaurus.config.ts sets maxResultsPerGroup to this. */
export const MAX_RESULTS_PER_GROUP = 7;

/** Doc id by permalink, to name the page of a hit (src/content's docs). */
export type PageIds = ReadonlyMap<string, string>;

export const pageIds = (docs: {id: string; permalink: string}[]): PageIds =>
  new Map(docs.map((d) => [d.permalink, d.id]));

/** The doc id ('documents/guide/shili/ssh') of a page URL, absolute or not, with or without anchor; the decoded path
 * when it is no doc's. */
export function pageIdOfUrl(url: string, ids: PageIds): string {
  const path = decodeURIComponent(url.replace(/^[a-z]+:\/\/[^/]+/i, '').replace(/[#?].*$/, ''));
  return ids.get(path) ?? path;
}

/** Distinct pages in the order the modal shows the hits. */
export function modalPages(
  hits: Pick<SearchHit, 'url' | 'hierarchy'>[],
  ids: PageIds,
  perGroup = MAX_RESULTS_PER_GROUP,
): string[] {
  const groups = new Map<string, Map<string, number>>();
  for (const hit of hits) {
    const lvl0 = hit.hierarchy.lvl0 ?? '';
    let group = groups.get(lvl0);
    if (!group) groups.set(lvl0, (group = new Map()));
    const shown = [...group.values()].reduce((a, b) => a + b, 0);
    if (shown >= perGroup) continue;
    const page = pageIdOfUrl(hit.url, ids);
    group.set(page, (group.get(page) ?? 0) + 1);
  }
  return [...new Set([...groups.values()].flatMap((g) => [...g.keys()]))];
}

export interface Outcome {
  query: RelevanceQuery;
  pages: string[];
  /** 1-based rank of the first expected page, or 0 when absent. */
  rank: number;
}

export function outcome(query: RelevanceQuery, pages: string[]): Outcome {
  const i = pages.findIndex((p) => query.expected.includes(p));
  return {query, pages, rank: i + 1};
}

export interface Figures {
  n: number;
  recall: number;
  mrr: number;
  empty: number;
}

export function figures(outcomes: Outcome[]): Figures {
  const n = outcomes.length;
  const found = outcomes.filter((o) => o.rank > 0 && o.rank <= RECALL_AT).length;
  const rr = outcomes.reduce((s, o) => s + (o.rank > 0 ? 1 / o.rank : 0), 0);
  return {n, recall: n ? found / n : 0, mrr: n ? rr / n : 0, empty: outcomes.filter((o) => !o.pages.length).length};
}

export function byKind(outcomes: Outcome[]): Map<QueryKind, Figures> {
  const kinds = new Map<QueryKind, Outcome[]>();
  for (const o of outcomes) kinds.set(o.query.kind, [...(kinds.get(o.query.kind) ?? []), o]);
  return new Map([...kinds].map(([k, list]) => [k, figures(list)]));
}
