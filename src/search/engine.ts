// The embedded search engine: a substring scan over folded text, Algolia-shaped results. No React, no DOM.
// Substring matching finds Chinese words exactly as typed (显存, 上传, 充值) without a segmenter that would split
// them; question-style queries that match nothing verbatim fall back to Han bigram and word coverage.
import {toDocSearchRecords} from './records';
import {MAX_QUERY_LENGTH} from './limits';
import type {
  DocSearchRecord,
  FacetFilters,
  HighlightValue,
  Level,
  MatchLevel,
  SearchHit,
  SearchIndex,
  SearchRequest,
  SearchResult,
  SnippetValue,
} from './types';

const MAX_TERMS = 10;
const DEFAULT_HITS_PER_PAGE = 20;
/** Hits of one page placed before the next page's (see byPage). */
const LEADING_HITS_PER_PAGE = 3;
const FALLBACK_MIN_COVERAGE = 0.6;
const ALLOWED_TAG = /^<(mark|em|strong|b|span(?: class="[\w -]*")?)>$/;

/** Same-length normalisation: full-width ASCII to ASCII, ideographic space to space, ASCII lower case. */
export function fold(text: string): string {
  let out = '';
  for (const ch of text) {
    const c = ch.charCodeAt(0);
    if (c >= 0xff01 && c <= 0xff5e) out += String.fromCharCode(c - 0xfee0).toLowerCase();
    else if (c === 0x3000) out += ' ';
    else if (c >= 65 && c <= 90) out += String.fromCharCode(c + 32);
    else out += ch;
  }
  return out;
}

export function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
}

export interface ParsedQuery {
  /** Folded terms that must all occur (a quoted phrase is one term). */
  terms: string[];
  /** Folded terms that must not occur (`-term`). */
  excluded: string[];
}

export function parseQuery(query: string): ParsedQuery {
  const folded = fold(query.slice(0, MAX_QUERY_LENGTH));
  const terms: string[] = [];
  const excluded: string[] = [];
  for (const m of folded.matchAll(/(-?)"([^"]+)"|(\S+)/g)) {
    const phrase = m[2]?.trim();
    let word = phrase ?? m[3]!;
    if (!phrase && word.startsWith('-') && word.length > 1) excluded.push(word.slice(1));
    else {
      if (!phrase) word = word.replace(/^"+|"+$/g, '');
      if (word) (m[1] && phrase ? excluded : terms).push(word);
    }
  }
  return {terms: [...new Set(terms)].slice(0, MAX_TERMS), excluded};
}

const HAN = /\p{Script=Han}/u;
const STOP_CHARS = new Set('的了吗呢吧么啊呀哪是在和与或及我你他它这那有个也都就还被把怎办'.split(''));
const STOP_GRAMS = new Set([
  '如何',
  '怎么',
  '怎样',
  '什么',
  '为什',
  '为何',
  '是否',
  '可以',
  '一个',
  '出现',
  '一下',
  '不能',
]);

/** Fallback units: Han bigrams (single Han characters when alone) and Latin or digit words. */
export function fallbackUnits(terms: string[]): string[] {
  const units = new Set<string>();
  for (const term of terms) {
    for (const run of term.match(/\p{Script=Han}+|[\p{L}\p{N}_.-]+/gu) ?? []) {
      if (HAN.test(run)) {
        const chars = [...run];
        if (chars.length === 1 && !STOP_CHARS.has(run)) units.add(run);
        for (let i = 0; i + 1 < chars.length; i++) {
          const gram = chars[i]! + chars[i + 1]!;
          if (!STOP_GRAMS.has(gram) && !STOP_CHARS.has(chars[i]!) && !STOP_CHARS.has(chars[i + 1]!)) units.add(gram);
        }
      } else {
        const word = run.replace(/^[.-]+|[.-]+$/g, '');
        if (word.length >= 2 && !/^[\d.]+$/.test(word)) units.add(word);
      }
    }
  }
  return [...units];
}

type Attr = Exclude<Level, 'lvl0'> | 'content';
interface Field {
  attr: Attr;
  raw: string;
  folded: string;
}
interface Doc {
  record: DocSearchRecord;
  order: number;
  /** The record's own attribute: its heading for a heading record, its text for a content record. */
  own: Attr;
  /** The folded text of the own attribute. */
  ownFolded: string;
  /** All folded fields joined, to skip a record in one test. */
  all: string;
  fields: Field[];
}

/** The candidate records of one page, with the page's text (every record's own field) to test needles once. */
interface PageDocs {
  text: string;
  docs: Doc[];
}

function groupByPage(docs: Doc[]): PageDocs[] {
  const pages = new Map<string, Doc[]>();
  for (const doc of docs) {
    const key = doc.record.url_without_anchor;
    const list = pages.get(key);
    if (list) list.push(doc);
    else pages.set(key, [doc]);
  }
  return [...pages.values()].map((list) => ({text: list.map((d) => d.all).join('\n'), docs: list}));
}

/** A term found in the record's own heading or text. */
const OWN_WEIGHT: Record<Attr, number> = {lvl1: 10, lvl2: 7, lvl3: 6, lvl4: 5, lvl5: 5, lvl6: 5, content: 3};
/** A term found only in a heading the record sits under: the page title says more about a block than its text. */
const INHERITED_WEIGHT: Record<Attr, number> = {lvl1: 4, lvl2: 3.5, lvl3: 3, lvl4: 3, lvl5: 3, lvl6: 3, content: 0};
/** A page ranks by its best record plus its next ones, each counting this much less than the one before. */
const PAGE_DECAY = 0.5;
/** When the words of a query match on fewer pages than this, bigram-coverage results are added below them. */
const FALLBACK_BELOW_PAGES = 3;

const WORD_CHAR = /[a-z0-9_]/;
/**
 * Whole-word share of a Latin needle's best occurrence (of its first 20): 1 as a whole word, 0.7 as a word's start,
 * 0.4 inside one.
 */
export function exactness(folded: string, needle: string): number {
  const head = WORD_CHAR.test(needle[0] ?? '');
  const tail = WORD_CHAR.test(needle[needle.length - 1] ?? '');
  if (!head && !tail) return 1;
  let best = 0;
  let tries = 0;
  for (let i = folded.indexOf(needle); i !== -1 && best < 1 && tries++ < 20; i = folded.indexOf(needle, i + 1)) {
    const starts = !head || i === 0 || !WORD_CHAR.test(folded[i - 1]!);
    const ends = !tail || i + needle.length === folded.length || !WORD_CHAR.test(folded[i + needle.length]!);
    best = Math.max(best, starts && ends ? 1 : starts ? 0.7 : 0.4);
  }
  return best;
}

function findRanges(folded: string, needles: string[]): [number, number][] {
  const ranges: [number, number][] = [];
  for (const needle of needles) {
    if (!needle) continue;
    for (let i = folded.indexOf(needle); i !== -1; i = folded.indexOf(needle, i + needle.length)) {
      ranges.push([i, i + needle.length]);
    }
  }
  ranges.sort((a, b) => a[0] - b[0] || b[1] - a[1]);
  const merged: [number, number][] = [];
  for (const r of ranges) {
    const last = merged[merged.length - 1];
    if (last && r[0] <= last[1]) last[1] = Math.max(last[1], r[1]);
    else merged.push([r[0], r[1]]);
  }
  return merged;
}

function markup(raw: string, ranges: [number, number][], from: number, to: number, pre: string, post: string) {
  let out = '';
  let at = from;
  for (const [s, e] of ranges) {
    if (e <= from || s >= to) continue;
    const a = Math.max(s, from);
    const b = Math.min(e, to);
    out += escapeHtml(raw.slice(at, a)) + pre + escapeHtml(raw.slice(a, b)) + post;
    at = b;
  }
  return out + escapeHtml(raw.slice(at, to));
}

/** Word-ish length: a Han character counts half a word, a Latin or digit run one word. */
function wordsToChars(text: string, start: number, words: number, direction: 1 | -1): number {
  let budget = words;
  let i = start;
  while (budget > 0 && (direction === 1 ? i < text.length : i > 0)) {
    const ch = direction === 1 ? text[i]! : text[i - 1]!;
    if (/[A-Za-z0-9_]/.test(ch)) {
      while (
        (direction === 1 ? i < text.length : i > 0) &&
        /[A-Za-z0-9_]/.test(direction === 1 ? text[i]! : text[i - 1]!)
      ) {
        i += direction;
      }
      budget -= 1;
    } else {
      i += direction;
      budget -= /\s/.test(ch) ? 0 : HAN.test(ch) ? 0.5 : 0.25;
    }
  }
  return i;
}

function snippetOf(
  raw: string,
  ranges: [number, number][],
  words: number,
  pre: string,
  post: string,
  ellipsis: string,
) {
  const first = ranges[0]?.[0] ?? 0;
  const lead = Math.max(1, Math.floor(words / 5));
  const start = ranges.length ? wordsToChars(raw, first, lead, -1) : 0;
  const end = wordsToChars(raw, start, words, 1);
  return (start > 0 ? ellipsis : '') + markup(raw, ranges, start, end, pre, post) + (end < raw.length ? ellipsis : '');
}

function matchFacet(record: DocSearchRecord, filter: string): boolean {
  const i = filter.indexOf(':');
  if (i < 0) return true;
  const attr = filter.slice(0, i);
  let value = filter.slice(i + 1);
  const negate = value.startsWith('-');
  if (negate) value = value.slice(1);
  const actual = (record as unknown as Record<string, unknown>)[attr];
  const hit = Array.isArray(actual) ? actual.includes(value) : actual === value;
  return negate ? !hit : hit;
}

function passesFilters(record: DocSearchRecord, filters: FacetFilters | undefined): boolean {
  if (!filters) return true;
  const groups = typeof filters === 'string' ? [filters] : filters;
  return groups.every((g) => (Array.isArray(g) ? g.some((f) => matchFacet(record, f)) : matchFacet(record, g)));
}

function snippetWords(request: SearchRequest, attr: string): number | null {
  for (const spec of request.attributesToSnippet ?? []) {
    const [name, n] = spec.split(':');
    if (name === attr || name === '*') return Number(n) || 10;
  }
  return null;
}

interface Scored {
  doc: Doc;
  score: number;
  needles: string[];
}

export interface Engine {
  search(request: SearchRequest): SearchResult;
  records: DocSearchRecord[];
}

export function createEngine(index: SearchIndex, origin = ''): Engine {
  const docs: Doc[] = toDocSearchRecords(index, origin).map((record, order) => {
    const fields: Field[] = [];
    for (const attr of ['lvl1', 'lvl2', 'lvl3', 'lvl4', 'lvl5', 'lvl6'] as const) {
      const raw = record.hierarchy[attr];
      if (raw) fields.push({attr, raw, folded: fold(raw)});
    }
    if (record.content) fields.push({attr: 'content', raw: record.content, folded: fold(record.content)});
    const own = record.type;
    return {
      record,
      order,
      own,
      ownFolded: fields.find((f) => f.attr === own)?.folded ?? '',
      all: fields.map((f) => f.folded).join('\n'),
      fields,
    };
  });

  /**
   * The weight of the best field of `doc` that contains `needle` (its own one, or a heading above it) times how
   * exactly it matches there; 0 if none.
   */
  function weigh(doc: Doc, needle: string): number {
    let best = 0;
    for (const f of doc.fields) {
      const weight = f.attr === doc.own ? OWN_WEIGHT[f.attr] : INHERITED_WEIGHT[f.attr];
      if (weight > best && f.folded.includes(needle)) best = Math.max(best, weight * exactness(f.folded, needle));
    }
    return best;
  }

  /**
   * Scores the candidates for the needles. Each needle counts its best field's weight times its rarity (IDF over the
   * pages), so a rare word outweighs a common one; a heading that the needles cover for the most part counts up to
   * twice. A record must contain one needle itself, not only through the titles it inherits. With `minCoverage` (the
   * fallback), needles no page contains are ignored, a record needs that share of the others, and its score is scaled
   * by the square of the share it has. Pages are tested first, so records are only looked at on pages that qualify.
   */
  function scoreAll(needles: string[], pages: PageDocs[], minCoverage: number | null): Scored[] {
    const n = needles.length;
    const pageHas = new Uint8Array(pages.length * n);
    const pageDf = new Uint32Array(n);
    pages.forEach((page, p) => {
      for (let i = 0; i < n; i++) {
        if (page.text.includes(needles[i]!)) {
          pageHas[p * n + i] = 1;
          pageDf[i] = pageDf[i]! + 1;
        }
      }
    });
    const idf = Array.from(pageDf, (df) => Math.log(1 + pages.length / (1 + df)));
    const active = needles.filter((_, i) => minCoverage === null || pageDf[i]! > 0);
    if (!active.length) return [];
    const need = minCoverage === null ? n : Math.max(1, Math.ceil(active.length * minCoverage));
    const results: Scored[] = [];
    const has: boolean[] = [];
    pages.forEach((page, p) => {
      let onPage = 0;
      for (let i = 0; i < n; i++) onPage += pageHas[p * n + i]!;
      if (onPage < need) return;
      for (const doc of page.docs) {
        let found = 0;
        let ownHit = false;
        for (let i = 0; i < n; i++) {
          const needle = needles[i]!;
          has[i] = pageHas[p * n + i] === 1 && doc.all.includes(needle);
          if (!has[i]) continue;
          found++;
          if (!ownHit && doc.ownFolded.includes(needle)) ownHit = true;
        }
        if (found < need || !ownHit) continue;
        let total = 0;
        for (let i = 0; i < n; i++) if (has[i]) total += idf[i]! * weigh(doc, needles[i]!);
        if (doc.own !== 'content' && doc.ownFolded.length) {
          let covered = 0;
          for (const [a, b] of findRanges(doc.ownFolded, active)) covered += b - a;
          total *= 1 + covered / doc.ownFolded.length;
        }
        if (minCoverage !== null) total *= (found / active.length) ** 2;
        results.push({doc, score: total, needles: active});
      }
    });
    return results;
  }

  /** Orders records by page: pages by their best records (each next one counting less), records by score. */
  function byPage(results: Scored[]): Scored[] {
    results.sort((a, b) => b.score - a.score || a.doc.order - b.doc.order);
    const pages = new Map<string, {score: number; weight: number; first: number; hits: Scored[]}>();
    for (const r of results) {
      const key = r.doc.record.url_without_anchor;
      let page = pages.get(key);
      if (!page) pages.set(key, (page = {score: 0, weight: 1, first: r.doc.order, hits: []}));
      page.score += r.score * page.weight;
      page.weight *= PAGE_DECAY;
      page.hits.push(r);
    }
    const ordered = [...pages.values()].sort((a, b) => b.score - a.score || a.first - b.first);
    // A page's best few hits come in page order; its other hits follow all of those, so one long page cannot fill a
    // whole DocSearch group (at most maxResultsPerGroup hits per lvl0) and hide the other pages.
    return [
      ...ordered.flatMap((p) => p.hits.slice(0, LEADING_HITS_PER_PAGE)),
      ...ordered.flatMap((p) => p.hits.slice(LEADING_HITS_PER_PAGE)),
    ];
  }

  function rank(parsed: ParsedQuery, candidates: PageDocs[]): Scored[] {
    // DocSearch groups hits by lvl0 in first-seen order: keep each page's hits together behind its best one.
    const exact = byPage(scoreAll(parsed.terms, candidates, null));
    const exactPages = new Set(exact.map((r) => r.doc.record.url_without_anchor));
    if (exactPages.size >= FALLBACK_BELOW_PAGES) return exact;
    // Few or no pages contain every word (a question, a pasted error with the reader's own names): add the records
    // that cover most of its bigrams and words below them.
    const seen = new Set(exact.map((r) => r.doc));
    const fallback = scoreAll(fallbackUnits(parsed.terms), candidates, FALLBACK_MIN_COVERAGE).filter(
      (r) => !seen.has(r.doc),
    );
    return [...exact, ...byPage(fallback)];
  }

  function toHit({doc, needles}: Scored, request: SearchRequest): SearchHit {
    const pre = ALLOWED_TAG.test(request.highlightPreTag ?? '') ? request.highlightPreTag! : '<em>';
    const post = pre === '<em>' && !request.highlightPreTag ? '</em>' : `</${/^<(\w+)/.exec(pre)![1]}>`;
    const ellipsis = escapeHtml(request.snippetEllipsisText ?? '…');
    const {record} = doc;
    const highlight: SearchHit['_highlightResult'] = {hierarchy: {}};
    const snippet: SearchHit['_snippetResult'] = {hierarchy: {}};
    const describe = (raw: string, folded: string, attr: string): [HighlightValue, SnippetValue | null] => {
      const ranges = findRanges(folded, needles);
      const matchedWords = needles.filter((n) => folded.includes(n));
      const matchLevel: MatchLevel =
        matchedWords.length === 0 ? 'none' : matchedWords.length === needles.length ? 'full' : 'partial';
      const words = snippetWords(request, attr);
      return [
        {value: markup(raw, ranges, 0, raw.length, pre, post), matchLevel, matchedWords},
        words ? {value: snippetOf(raw, ranges, words, pre, post, ellipsis), matchLevel} : null,
      ];
    };
    const lvl0 = record.hierarchy.lvl0 ?? '';
    highlight.hierarchy.lvl0 = describe(lvl0, fold(lvl0), 'hierarchy.lvl0')[0];
    for (const f of doc.fields) {
      const key = f.attr === 'content' ? 'content' : `hierarchy.${f.attr}`;
      const [h, s] = describe(f.raw, f.folded, key);
      if (f.attr === 'content') {
        highlight.content = h;
        snippet.content = s ?? {value: h.value, matchLevel: h.matchLevel};
      } else {
        highlight.hierarchy[f.attr] = h;
        snippet.hierarchy[f.attr] = s ?? {value: h.value, matchLevel: h.matchLevel};
      }
    }
    const hierarchy = Object.fromEntries(
      Object.entries(record.hierarchy).map(([k, v]) => [k, v === null ? null : escapeHtml(v)]),
    ) as SearchHit['hierarchy'];
    const {weight: _weight, ...rest} = record;
    void _weight;
    return {
      ...rest,
      content: record.content === null ? null : escapeHtml(record.content),
      hierarchy,
      _highlightResult: highlight,
      _snippetResult: snippet,
    };
  }

  /** The records that pass the facet filters (cached per filter: DocSearch sends the same ones every keystroke). */
  const filtered = new Map<string, PageDocs[]>();
  function candidatePages(filters: FacetFilters | undefined, excluded: string[]): PageDocs[] {
    const key = JSON.stringify(filters ?? null);
    let pages = filtered.get(key);
    if (!pages) {
      pages = groupByPage(docs.filter((d) => passesFilters(d.record, filters)));
      if (filtered.size >= 16) filtered.clear();
      filtered.set(key, pages);
    }
    if (!excluded.length) return pages;
    return groupByPage(pages.flatMap((p) => p.docs).filter((d) => !excluded.some((x) => d.all.includes(x))));
  }

  function search(request: SearchRequest): SearchResult {
    const started = Date.now();
    const query = typeof request.query === 'string' ? request.query : '';
    const hitsPerPage = Math.max(0, Math.min(1000, Number(request.hitsPerPage ?? DEFAULT_HITS_PER_PAGE)));
    const page = Math.max(0, Number(request.page ?? 0));
    const parsed = parseQuery(query);
    const candidates = candidatePages(request.facetFilters, parsed.excluded);
    const ranked = parsed.terms.length ? rank(parsed, candidates) : [];
    const facetNames = request.facets ? ([] as string[]).concat(request.facets) : [];
    const facets: Record<string, Record<string, number>> = {};
    for (const name of facetNames.includes('*') ? ['language', 'docusaurus_tag'] : facetNames) {
      const counts: Record<string, number> = {};
      for (const {doc} of ranked) {
        const v = (doc.record as unknown as Record<string, unknown>)[name];
        if (typeof v === 'string') counts[v] = (counts[v] ?? 0) + 1;
      }
      facets[name] = counts;
    }
    const nbHits = ranked.length;
    const hits = ranked.slice(page * hitsPerPage, (page + 1) * hitsPerPage).map((r) => toHit(r, request));
    return {
      index: request.indexName,
      // Echoed verbatim: the search page drops results whose query differs from what it sent.
      query,
      params: '',
      hits,
      nbHits,
      page,
      nbPages: hitsPerPage ? Math.ceil(nbHits / hitsPerPage) : 0,
      hitsPerPage,
      processingTimeMS: Date.now() - started,
      exhaustiveNbHits: true,
      ...(facetNames.length ? {facets} : {}),
    };
  }

  return {search, records: docs.map((d) => d.record)};
}
