// Shapes shared by the index builder (Node), the engine and the browser client. No React here.

export type Level = 'lvl0' | 'lvl1' | 'lvl2' | 'lvl3' | 'lvl4' | 'lvl5' | 'lvl6';
export type HitType = Exclude<Level, 'lvl0'> | 'content';
export const LEVELS: readonly Level[] = ['lvl0', 'lvl1', 'lvl2', 'lvl3', 'lvl4', 'lvl5', 'lvl6'];

/**
 * The embedded index as the browser fetches it, in three kinds of file (see MAINTAINERS.md, 搜索):
 * - one IndexMeta, fetched when search opens;
 * - `meta.shards` Shard files, the postings of the terms whose first character (Han) or first two letters (Latin)
 *   hash to it, fetched for the terms of a query;
 * - one PageFile per page, its titles and text for hits and snippets, fetched only for pages shown in results.
 */
export interface IndexMeta {
  v: 2;
  language: string;
  tag: string;
  /** Number of shard files. */
  shards: number;
  /** Per page, flattened: number of sections, then length in terms (for length normalisation). */
  pages: number[];
}

/** Term → postings [section delta, code, section delta, code, …] over global section numbers, ascending. */
export type Shard = Record<string, number[]>;

/**
 * Field bits of a posting code; the body term count (at most 31) is (code >> 4) & 31; FIELD_DEFINES marks the
 * section that defines the term (a parameter's row on the reference page, see server/build.ts).
 */
export const FIELD_TITLE = 1;
export const FIELD_HEADING = 2;
export const FIELD_DESCRIPTION = 4;
export const FIELD_BODY = 8;
export const FIELD_DEFINES = 512;
/** The bits above that are not the body count. */
export const FIELD_BITS = 15 | FIELD_DEFINES;

/** [anchor, depth (1 for the page's own section, 2–6 for ## to ######), heading, ...text blocks]. */
export type PageSection = [string | null, number, string, ...string[]];

export interface PageFile {
  path: string;
  category: string;
  title: string;
  description: string;
  sections: PageSection[];
}

/** The whole index in memory, as the builder makes it and Node (tests, bench) reads it. */
export interface BuiltIndex {
  meta: IndexMeta;
  shards: Shard[];
  pages: PageFile[];
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
