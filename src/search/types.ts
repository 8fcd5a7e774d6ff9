// Shapes shared by the index builder (Node), the engine and the browser client. No React here.

export type Level = 'lvl0' | 'lvl1' | 'lvl2' | 'lvl3' | 'lvl4' | 'lvl5' | 'lvl6';
export type HitType = Exclude<Level, 'lvl0'> | 'content';
export const LEVELS: readonly Level[] = ['lvl0', 'lvl1', 'lvl2', 'lvl3', 'lvl4', 'lvl5', 'lvl6'];

/** The compact index shipped to the browser (the hierarchy is stored once per section, not per record). */
export interface SearchIndex {
  v: 1;
  language: string;
  tag: string;
  /** [path, lvl0 (sidebar category), lvl1 (page title)] */
  pages: [string, string, string][];
  /** [page number, anchor or null, lvl2, lvl3, ...] — the heading chain below the page title. */
  sections: [number, string | null, ...string[]][];
  /** [section number] is the section's own heading; [section number, text] a block of text under it. */
  records: ([number] | [number, string])[];
}

/** One record in DocSearch's shape, with plain (unescaped) text: what Algolia gets from `search:push`. */
export interface DocSearchRecord {
  objectID: string;
  type: HitType;
  url: string;
  url_without_anchor: string;
  anchor: string | null;
  content: string | null;
  hierarchy: Record<Level, string | null>;
  language: string;
  docusaurus_tag: string;
  weight: {pageRank: number; level: number; position: number};
}

export type MatchLevel = 'none' | 'partial' | 'full';
export interface HighlightValue {
  value: string;
  matchLevel: MatchLevel;
  matchedWords: string[];
}
export interface SnippetValue {
  value: string;
  matchLevel: MatchLevel;
}

/** A hit as DocSearch and the search page read it: text fields are escaped HTML. */
export interface SearchHit extends Omit<DocSearchRecord, 'weight'> {
  _highlightResult: {hierarchy: Partial<Record<Level, HighlightValue>>; content?: HighlightValue};
  _snippetResult: {hierarchy: Partial<Record<Level, SnippetValue>>; content?: SnippetValue};
}

export type FacetFilters = string | (string | string[])[];

export interface SearchRequest {
  indexName: string;
  query?: string;
  page?: number;
  hitsPerPage?: number;
  facetFilters?: FacetFilters;
  facets?: string | string[];
  attributesToSnippet?: string[];
  highlightPreTag?: string;
  highlightPostTag?: string;
  snippetEllipsisText?: string;
  [other: string]: unknown;
}

export interface SearchResult {
  index: string;
  query: string;
  params: string;
  hits: SearchHit[];
  nbHits: number;
  page: number;
  nbPages: number;
  hitsPerPage: number;
  processingTimeMS: number;
  exhaustiveNbHits: true;
  facets?: Record<string, Record<string, number>>;
}
