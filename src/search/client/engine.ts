// The embedded search engine: page-aware ranking over the sharded index, Algolia-shaped results. No React, no DOM.
//
// A query is cut into the index's terms (Han bigrams, Latin words) and grouped into clauses; a clause is one term,
// or a word with its synonyms (each an alternative). A page matches when any clause's terms occur anywhere on it, and
// ranks by BM25F over its fields (title > headings > description > body), scaled by how much of the query it covers
// (each clause weighted by its rarity) and by how much of the query one of its sections covers (proximity). Latin
// words also match as prefixes (while typing, or when truncated) and with one or two typos when nothing else does.
// Only after ranking are the shown pages' files fetched, for headings, snippets and highlights.
import {MAX_QUERY_LENGTH} from '../shared/limits';
import {synonymGroups, synonymWords, type Synonym} from '../shared/synonyms';
import {escapeHtml, fold, HAN, shardOf, termsOfToken, tokens} from '../shared/text';
import {
  FIELD_BITS,
  FIELD_DEFINES,
  FIELD_DESCRIPTION,
  FIELD_HEADING,
  FIELD_TITLE,
  LEVELS,
  type FacetFilters,
  type HighlightValue,
  type HitType,
  type IndexMeta,
  type Level,
  type MatchLevel,
  type PageFile,
  type SearchHit,
  type SearchRequest,
  type SearchResult,
  type Shard,
  type SnippetValue,
} from '../shared/types';

export {escapeHtml, fold};

/** Where the engine gets its files: the browser fetches them, Node tests hand them over from memory. */
export interface IndexSource {
  meta: IndexMeta;
  shard(i: number): Promise<Shard> | Shard;
  page(i: number): Promise<PageFile> | PageFile;
}

export interface Engine {
  search(request: SearchRequest): Promise<SearchResult>;
}

const DEFAULT_HITS_PER_PAGE = 20;
/** Hits of one page placed before the next page's; its other hits follow all of those. */
const LEADING_HITS_PER_PAGE = 3;
const MAX_CLAUSES = 24;
const ALLOWED_TAG = /^<(mark|em|strong|b|span(?: class="[\w -]*")?)>$/;

// BM25F over headings, description and body: a term in a heading counts as this many body occurrences, and so on.
// A term in the page title adds W_TITLE on top of the saturated value (whose maximum is K1 + 1).
const W_TITLE = 2;
/** Within a page, the page's own section (title and summary) counts a title term as this many body occurrences. */
const W_TITLE_SECTION = 4;
const W_HEADING = 3;
const W_DESCRIPTION = 2.5;
const K1 = 1.2;
const B = 0.5;
/** Weights of a term reached other than as typed. */
const W_SYNONYM = 0.9;
const W_PARTS = 0.75;
const W_TYPO = 1;
/** A page whose query coverage is below this share of the best page's is left out. */
const MIN_RELATIVE_COVERAGE = 0.3;
/** How much a section covering the whole query adds (proximity). */
const PROXIMITY = 0.6;
/** How much a page whose title, summary (title and description) or one heading covers the whole query gains. */
const W_ABOUT_TITLE = 1.5;
const W_ABOUT_SUMMARY = 0.7;
const W_ABOUT_HEADING = 0.7;
/** How much the page that defines the query (its reference row or heading for `lora_rank`) gains. */
const W_ABOUT_DEFINES = 2;

/** How many query characters the units cover together (units in query order, as parseQuery gives them). */
function spanWidth(units: Unit[]): number {
  if (units.length === 1) return units[0]!.to - units[0]!.from;
  let width = 0;
  let end = -1;
  for (const {from, to} of units) {
    if (to <= end) continue;
    width += to - Math.max(from, end);
    end = to;
  }
  return width;
}

/** Function characters and question words: no term of a query is made from them. */
const STOP_CHARS = new Set('的了吗呢吧么啊呀哪是在和与或及我你他它这那有个也都就还被把怎办'.split(''));
const STOP_GRAMS = new Set(['如何', '怎么', '怎样', '什么', '为什', '为何', '是否', '可以', '一个', '一下', '能不']);

interface Unit {
  term: string;
  han: boolean;
  /** Also match index terms that start with this one. */
  prefix: boolean;
  /** The characters of the query this unit covers: a page covers a Han run when its bigrams cover its characters. */
  from: number;
  to: number;
}
interface Clause {
  /** Alternatives: the words as typed, then each synonym; each a list of units. */
  alts: Unit[][];
  /** A quoted phrase: every unit must occur on the page. */
  required: boolean;
  /** Weight of each alternative after the first (synonyms; a compound word's parts). */
  altWeight?: number;
  /**
   * Each alternative scores as if its terms were as rare as the rarest alternative's (a one-way synonym: 实例, on 90
   * pages, counts as much as the `instance` typed, on a few, which are mostly another sense of the word).
   */
  sameRarity?: boolean;
}
export interface ParsedQuery {
  clauses: Clause[];
  /** Units of `-word` exclusions: a page with all of one exclusion's units is left out. */
  excluded: Unit[][];
}

/** The units of each token of folded text (a Han run's bigrams; a Latin word), positioned in the text. */
function unitsOf(text: string, prefixLast: boolean): Unit[][] {
  const toks = tokens(text);
  const groups: Unit[][] = [];
  toks.forEach((token, i) => {
    const last = prefixLast && i === toks.length - 1 && token.at + token.text.length === text.length;
    if (token.han) {
      const chars = [...token.text];
      const units: Unit[] = [];
      if (chars.length === 1) {
        if (!STOP_CHARS.has(token.text))
          units.push({term: token.text, han: true, prefix: true, from: token.at, to: token.at + 1});
      } else {
        termsOfToken(token).forEach((gram, k) => {
          if (STOP_GRAMS.has(gram) || STOP_CHARS.has(gram[0]!) || STOP_CHARS.has(gram[1]!)) return;
          units.push({term: gram, han: true, prefix: false, from: token.at + k, to: token.at + k + 2});
        });
        // A character no kept bigram covers (钱 in 钱怎么扣的), and the last one while typing, match the bigrams they
        // start.
        chars.forEach((ch, k) => {
          const at = token.at + k;
          if (STOP_CHARS.has(ch)) return;
          const covered = units.some((u) => u.from <= at && at < u.to);
          if (
            (!covered && !STOP_GRAMS.has(chars[k - 1] + ch) && !STOP_GRAMS.has(ch + chars[k + 1])) ||
            (last && k === chars.length - 1)
          ) {
            units.push({term: ch, han: true, prefix: true, from: at, to: at + 1});
          }
        });
      }
      if (units.length) groups.push(units);
      return;
    }
    if (token.text.length < 2) return;
    groups.push([{term: token.text, han: false, prefix: last, from: token.at, to: token.at + token.text.length}]);
  });
  return groups;
}

/** Finds `word` in `text` (Latin words only as whole words: not `resume` in `resume_from_checkpoint`); -1 if absent. */
function findWord(text: string, word: string, from = 0): number {
  for (let i = text.indexOf(word, from); i !== -1; i = text.indexOf(word, i + 1)) {
    if (HAN.test(word[0]!)) return i;
    const before = text[i - 1];
    const after = text[i + word.length];
    if ((!before || !/\w/.test(before)) && (!after || !/\w/.test(after))) return i;
  }
  return -1;
}

export function parseQuery(query: string, synonyms: Synonym[] = []): ParsedQuery {
  let text = fold(query.slice(0, MAX_QUERY_LENGTH));
  const typing = !/\s$/.test(text);
  text = text.replace(/\s+$/, '');
  const clauses: Clause[] = [];
  const excluded: Unit[][] = [];
  // Quoted phrases and exclusions.
  text = text.replace(/(^|\s)(-?)"([^"]+)"?|(^|\s)-(\S+)/g, (m, s1, minus, phrase, s2, word) => {
    if (phrase !== undefined) {
      const units = unitsOf(phrase as string, false).flat();
      if (units.length) {
        if (minus) excluded.push(units);
        else clauses.push({alts: [units], required: true});
      }
      return ' '.repeat(m.length);
    }
    const units = unitsOf(word as string, false).flat();
    if (units.length) excluded.push(units);
    return ' '.repeat(m.length);
  });
  // Synonyms, longest words first; a matched word is taken out of the text.
  const words = synonymWords(synonyms).sort((a, b) => b.word.length - a.word.length);
  for (const {word, also, oneWay} of words) {
    const at = findWord(text, word);
    if (at < 0) continue;
    // While typing, the last word also finds longer words; not a one-way word, a whole word that names the concept.
    const prefix = typing && !oneWay && at + word.length === text.length;
    const alts = [word, ...also].map((w, k) => unitsOf(w, k === 0 && prefix).flat()).filter((u) => u.length);
    // A one-way word (`chat` → 对话) names the concept: pages with the concept count as much as the word's own.
    if (alts.length) {
      clauses.push({alts, required: false, ...(oneWay ? {altWeight: 1, sameRarity: true} : {})});
    }
    text = text.slice(0, at) + ' '.repeat(word.length) + text.slice(at + word.length);
  }
  // The rest: one clause per Han run or Latin word; a word with underscores may also match as its parts.
  const rest = unitsOf(text, typing);
  const many = rest.length > 3;
  for (const units of rest) {
    const unit = units[0]!;
    if (many && units.length === 1 && /^\d+$/.test(unit.term)) continue; // line numbers, sizes in a pasted error
    const alts = [units];
    if (!unit.han && unit.term.includes('_')) {
      const parts: Unit[] = [];
      let at = unit.from;
      for (const part of unit.term.split('_')) {
        if (part.length > 1) parts.push({term: part, han: false, prefix: false, from: at, to: at + part.length});
        at += part.length + 1;
      }
      if (parts.length > 1) alts.push(parts);
    }
    clauses.push({alts, required: false, altWeight: W_PARTS});
  }
  for (const c of clauses) for (const alt of c.alts) alt.sort((a, b) => a.from - b.from || a.to - b.to);
  const seen = new Set<string>();
  const unique = clauses.filter((c) => {
    const key = JSON.stringify(c.alts.map((alt) => alt.map((u) => u.term)));
    if (seen.has(key)) return false;
    seen.add(key);
    return true;
  });
  return {clauses: unique.slice(0, MAX_CLAUSES), excluded};
}

/** Edit distance with transpositions, or limit + 1 once it exceeds limit. */
export function editDistance(a: string, b: string, limit: number): number {
  if (Math.abs(a.length - b.length) > limit) return limit + 1;
  const rows: number[][] = [];
  for (let i = 0; i <= a.length; i++) {
    const row = [i];
    let best = i;
    for (let j = 1; j <= b.length; j++) {
      if (i === 0) {
        row.push(j);
        continue;
      }
      const cost = a[i - 1] === b[j - 1] ? 0 : 1;
      let d = Math.min(rows[i - 1]![j]! + 1, row[j - 1]! + 1, rows[i - 1]![j - 1]! + cost);
      if (i > 1 && j > 1 && a[i - 1] === b[j - 2] && a[i - 2] === b[j - 1]) d = Math.min(d, rows[i - 2]![j - 2]! + 1);
      row.push(d);
      best = Math.min(best, d);
    }
    rows.push(row);
    if (i > 0 && best > limit) return limit + 1;
  }
  return rows[a.length]![b.length]!;
}

// ---------------------------------------------------------------------------------------------------------------
// Highlighting and snippets.

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
    const a = Math.max(s, from, at);
    const b = Math.min(e, to);
    if (b <= a) continue;
    out += escapeHtml(raw.slice(at, a)) + pre + escapeHtml(raw.slice(a, b)) + post;
    at = b;
  }
  return out + escapeHtml(raw.slice(at, to));
}

/** Word-ish length: a Han character counts half a word, a Latin or digit run one word. */
function wordsToChars(text: string, start: number, words: number, direction: 1 | -1): number {
  let budget = words;
  let i = start;
  const inside = () => (direction === 1 ? i < text.length : i > 0);
  const at = () => (direction === 1 ? text[i]! : text[i - 1]!);
  while (budget > 0 && inside()) {
    const ch = at();
    if (/[A-Za-z0-9_]/.test(ch)) {
      while (inside() && /[A-Za-z0-9_]/.test(at())) i += direction;
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

/** `load`, called once per index and kept; a failed load is forgotten, so the next call tries again. */
function cachedLoad<T>(load: (i: number) => Promise<T> | T): (i: number) => Promise<T> {
  const cache = new Map<number, Promise<T>>();
  return (i) => {
    let loaded = cache.get(i);
    if (!loaded) {
      loaded = Promise.resolve(load(i));
      loaded.catch(() => cache.delete(i));
      cache.set(i, loaded);
    }
    return loaded;
  };
}

function snippetWords(request: SearchRequest, attr: string): number | null {
  for (const spec of request.attributesToSnippet ?? []) {
    const [name, n] = spec.split(':');
    if (name === attr || name === '*') return Number(n) || 10;
  }
  return null;
}

function passesFilters(values: Record<string, string>, filters: FacetFilters | undefined): boolean {
  if (!filters) return true;
  const one = (filter: string) => {
    const i = filter.indexOf(':');
    if (i < 0) return true;
    const attr = filter.slice(0, i);
    let value = filter.slice(i + 1);
    const negate = value.startsWith('-');
    if (negate) value = value.slice(1);
    if (!(attr in values)) return true; // e.g. type: every page has hits of every type
    return (values[attr] === value) !== negate;
  };
  const groups = typeof filters === 'string' ? [filters] : filters;
  return groups.every((g) => (Array.isArray(g) ? g.some(one) : one(g)));
}

// ---------------------------------------------------------------------------------------------------------------

/** One expanded index term of a unit, with its weight and decoded postings. */
interface Expansion {
  term: string;
  /** Whether to mark it in hits: not the completions of the last character of a longer Han run while typing. */
  highlight: boolean;
  weight: number;
  /** Global section numbers and posting codes. */
  sections: Int32Array;
  codes: Int32Array;
  idf: number;
}

interface SectionHit {
  section: number;
  score: number;
  /** Field bits matched in this section. */
  fields: number;
}

interface RankedPage {
  page: number;
  score: number;
  sections: SectionHit[];
}

export function createEngine(source: IndexSource, origin = '', synonyms: Synonym[] = synonymGroups()): Engine {
  const {meta} = source;
  const pageCount = meta.pages.length / 2;
  /** First global section of each page, and the page of each section. */
  const firstSection = new Int32Array(pageCount + 1);
  const lengths = new Float64Array(pageCount);
  for (let p = 0; p < pageCount; p++) {
    firstSection[p + 1] = firstSection[p]! + meta.pages[p * 2]!;
    lengths[p] = meta.pages[p * 2 + 1]!;
  }
  const sectionPage = new Int32Array(firstSection[pageCount]!);
  for (let p = 0; p < pageCount; p++) sectionPage.fill(p, firstSection[p]!, firstSection[p + 1]!);
  const avgLength = lengths.reduce((a, b) => a + b, 0) / Math.max(1, pageCount) || 1;

  const loadShard = cachedLoad((i) => source.shard(i));
  const loadPage = cachedLoad((i) => source.page(i));

  const decoded = new Map<string, {sections: Int32Array; codes: Int32Array; idf: number}>();
  function postings(shard: Shard, term: string) {
    let d = decoded.get(term);
    if (d) return d;
    const raw = shard[term];
    if (!raw) return null;
    const n = raw.length / 2;
    const sections = new Int32Array(n);
    const codes = new Int32Array(n);
    let at = 0;
    let df = 0;
    let lastPage = -1;
    for (let i = 0; i < n; i++) {
      at += raw[i * 2]!;
      sections[i] = at;
      codes[i] = raw[i * 2 + 1]!;
      const p = sectionPage[at]!;
      if (p !== lastPage) {
        df++;
        lastPage = p;
      }
    }
    const idf = Math.log(1 + (pageCount - df + 0.5) / (df + 0.5));
    d = {sections, codes, idf};
    decoded.set(term, d);
    return d;
  }

  /** The index terms a unit reaches: itself, words it starts (while typing or when cut short), or near misses. */
  const sortedKeys = new WeakMap<Shard, string[]>();
  const keysOf = (shard: Shard) => {
    let keys = sortedKeys.get(shard);
    if (!keys) sortedKeys.set(shard, (keys = Object.keys(shard).sort()));
    return keys;
  };

  function expand(unit: Unit, shard: Shard, alone: boolean): Expansion[] {
    const out: Expansion[] = [];
    const push = (term: string, weight: number) => {
      const p = postings(shard, term);
      if (p) out.push({term, weight, highlight: !unit.han || !unit.prefix || alone || term === unit.term, ...p});
    };
    push(unit.term, 1);
    const exact = out.length > 0;
    const keys = keysOf(shard);
    /** The shard's terms that start with the unit's and are longer. */
    const completions = () => {
      let lo = 0;
      let hi = keys.length;
      while (lo < hi) {
        const mid = (lo + hi) >> 1;
        if (keys[mid]! <= unit.term) lo = mid + 1;
        else hi = mid;
      }
      const found: string[] = [];
      for (let i = lo; i < keys.length && keys[i]!.startsWith(unit.term); i++) found.push(keys[i]!);
      return found;
    };
    if (unit.han) {
      if (unit.prefix && [...unit.term].length === 1) for (const term of completions()) push(term, 0.7);
      return out;
    }
    const len = unit.term.length;
    if ((unit.prefix && len >= 2) || (!exact && len >= 4)) {
      for (const term of completions()) push(term, 0.5 + 0.4 * (len / term.length));
    }
    if (!out.length && len >= 4) {
      const limit = len >= 8 ? 2 : 1;
      for (const term of keys) {
        if (Math.abs(term.length - len) > limit || HAN.test(term[0]!)) continue;
        const d = editDistance(unit.term, term, limit);
        if (d <= limit) push(term, Math.max(0.5, W_TYPO - (0.8 * (d - 1)) / len - 0.8 / len));
      }
    }
    // Many completions of a short prefix: keep the rarest-first few, so one keystroke stays fast.
    if (out.length > 40) out.sort((a, b) => b.weight * b.idf - a.weight * a.idf).splice(40);
    return out;
  }

  function fieldValue(code: number): number {
    return (code & FIELD_HEADING ? W_HEADING : 0) + (code & FIELD_DESCRIPTION ? W_DESCRIPTION : 0) + ((code >> 4) & 31);
  }

  interface UnitMatch {
    pages: Map<number, number>;
    /** Per page, the weight of the best expansion found there (1 as typed, less for a prefix or typo). */
    quality: Map<number, number>;
    sections: Map<number, {value: number; fields: number}>;
    /** Per page, the global numbers of the sections the unit occurs in. */
    byPage: Map<number, number[]>;
    idf: number;
  }

  /** How a unit's terms score on each page and section: depends on the terms only, so kept across keystrokes. */
  const unitMatches = new Map<string, UnitMatch>();
  function unitMatch(exps: Expansion[]): UnitMatch {
    const key = exps.map((e) => `${e.term}:${e.weight}`).join('|');
    const cached = unitMatches.get(key);
    if (cached) return cached;
    const pagesX = new Map<number, Map<Expansion, number>>();
    const titled = new Map<Expansion, Set<number>>();
    const quality = new Map<number, number>();
    const byPage = new Map<number, number[]>();
    const sections = new Map<number, {value: number; fields: number}>();
    for (const e of exps) {
      const titledPages = new Set<number>();
      titled.set(e, titledPages);
      for (let i = 0; i < e.sections.length; i++) {
        const s = e.sections[i]!;
        const p = sectionPage[s]!;
        const code = e.codes[i]!;
        const v = fieldValue(code);
        if (code & FIELD_TITLE) titledPages.add(p);
        quality.set(p, Math.max(quality.get(p) ?? 0, e.weight));
        let per = pagesX.get(p);
        if (!per) pagesX.set(p, (per = new Map()));
        per.set(e, (per.get(e) ?? 0) + v);
        const sv = e.weight * e.idf * (v + (code & FIELD_TITLE ? W_TITLE_SECTION : 0));
        const cur = sections.get(s);
        if (!cur) {
          const list = byPage.get(p);
          if (list) list.push(s);
          else byPage.set(p, [s]);
        }
        if (!cur || cur.value < sv) sections.set(s, {value: sv, fields: (cur?.fields ?? 0) | (code & FIELD_BITS)});
        else cur.fields |= code & FIELD_BITS;
      }
    }
    const pages = new Map<number, number>();
    for (const [p, per] of pagesX) {
      const norm = K1 * (1 - B + (B * lengths[p]!) / avgLength);
      let best = 0;
      for (const [e, x] of per) {
        const title = titled.get(e)!.has(p) ? W_TITLE : 0;
        best = Math.max(best, e.weight * e.idf * ((x * (K1 + 1)) / (x + norm) + title));
      }
      pages.set(p, best);
    }
    const idf = exps.reduce((m, e) => Math.max(m, e.idf * e.weight), 0);
    const match = {pages, quality, sections, byPage, idf};
    if (unitMatches.size > 4000) unitMatches.clear();
    unitMatches.set(key, match);
    return match;
  }

  async function rank(parsed: ParsedQuery): Promise<{ranked: RankedPage[]; expansions: Expansion[]}> {
    const allUnits = [...parsed.clauses.flatMap((c) => c.alts.flat()), ...parsed.excluded.flat()];
    const needed = [...new Set(allUnits.map((u) => shardOf(u.term, meta.shards)))];
    const loaded = new Map<number, Shard>();
    await Promise.all(needed.map((i) => loadShard(i).then((s) => loaded.set(i, s))));
    const expansions = new Map<Unit, Expansion[]>();
    const alone = new Set(parsed.clauses.flatMap((c) => c.alts.filter((alt) => alt.length === 1).flat()));
    for (const u of allUnits) expansions.set(u, expand(u, loaded.get(shardOf(u.term, meta.shards))!, alone.has(u)));

    // Per unit: page → best (weight × idf × saturated field value), and section → field bits and value.
    const matchOf = new Map<Unit, UnitMatch>();
    for (const [unit, exps] of expansions) matchOf.set(unit, unitMatch(exps));

    // Clauses that can match at all, with their importance: the rarity of their terms times the characters they
    // cover (a Han run of four characters weighs about twice a two-character word).
    const live = parsed.clauses
      .map((clause) => {
        const alts = clause.alts
          .map((units, a) => {
            const liveUnits = units.filter((u) => matchOf.get(u)!.pages.size > 0);
            // Coverage is over all the alternative's characters: a compound word's parts are not all there when
            // one part matches nothing.
            const width = spanWidth(units);
            const idf = liveUnits.reduce((sum, u) => sum + matchOf.get(u)!.idf, 0) / Math.max(1, liveUnits.length);
            return {
              units: liveUnits,
              width,
              weight: a === 0 ? 1 : (clause.altWeight ?? W_SYNONYM),
              importance: idf * Math.sqrt(spanWidth(liveUnits) / 2),
              idf,
              /** What the alternative's term values are multiplied by (see Clause.sameRarity). */
              rarity: 1,
            };
          })
          .filter(
            (alt, a) => alt.units.length > 0 && (!clause.required || alt.units.length === clause.alts[a]!.length),
          );
        if (clause.sameRarity) {
          const rarest = Math.max(...alts.map((alt) => alt.idf));
          for (const alt of alts) alt.rarity = alt.idf > 0 ? rarest / alt.idf : 1;
        }
        const importance = Math.max(0, ...alts.map((alt) => alt.importance * alt.weight));
        return {clause, alts, importance};
      })
      .filter((c) => c.alts.length > 0);
    const totalImportance = live.reduce((s, c) => s + c.importance, 0);
    if (!live.length || !totalImportance) return {ranked: [], expansions: []};

    // Candidate pages: any live unit on them.
    const candidates = new Set<number>();
    for (const c of live) {
      for (const alt of c.alts)
        for (const u of alt.units) for (const p of matchOf.get(u)!.pages.keys()) candidates.add(p);
    }
    for (const units of parsed.excluded) {
      for (const p of [...candidates]) if (units.every((u) => matchOf.get(u)!.pages.has(p))) candidates.delete(p);
    }

    const ranked: RankedPage[] = [];
    const coverageOf = new Map<number, number>();
    for (const p of candidates) {
      const first = firstSection[p]!;
      const count = firstSection[p + 1]! - first;
      let score = 0;
      let covered = 0;
      let titleCovered = 0;
      let summaryCovered = 0;
      let definesCovered = 0;
      let dropped = false;
      // Per section of the page: covered importance, heading-covered importance, score, field bits.
      const secCover = new Float64Array(count);
      const headCover = new Float64Array(count);
      const secValue = new Float64Array(count);
      const secFields = new Int32Array(count);
      for (const {clause, alts, importance} of live) {
        let best = 0;
        let bestCov = 0;
        let bestTitle = 0;
        let bestSummary = 0;
        let bestDefines = 0;
        const secBest = new Float64Array(count);
        const headBest = new Float64Array(count);
        const valueBest = new Float64Array(count);
        for (const alt of alts) {
          const onPage: Unit[] = [];
          const inTitle: Unit[] = [];
          const inSummary: Unit[] = [];
          const inDefinition: Unit[] = [];
          let sum = 0;
          const secUnits: (Unit[] | undefined)[] = new Array(count);
          const headUnits: (Unit[] | undefined)[] = new Array(count);
          const values = new Float64Array(count);
          for (const u of alt.units) {
            const m = matchOf.get(u)!;
            const v = m.pages.get(p);
            if (v === undefined) continue;
            sum += v;
            onPage.push(u);
            for (const section of m.byPage.get(p)!) {
              const sm = m.sections.get(section)!;
              const k = section - first;
              (secUnits[k] ??= []).push(u);
              values[k] = values[k]! + sm.value;
              secFields[k] = secFields[k]! | sm.fields;
              // A definition (a reference table's row for the term) counts as a heading of its section.
              if (sm.fields & (FIELD_HEADING | FIELD_TITLE | FIELD_DEFINES)) (headUnits[k] ??= []).push(u);
              if (sm.fields & FIELD_DEFINES) inDefinition.push(u);
              if (k === 0 && sm.fields & FIELD_TITLE) inTitle.push(u);
              if (k === 0 && sm.fields & (FIELD_TITLE | FIELD_DESCRIPTION)) inSummary.push(u);
            }
          }
          if (!onPage.length) continue;
          let quality = 0;
          for (const u of onPage) quality += matchOf.get(u)!.quality.get(p)!;
          quality /= onPage.length;
          const share = (units: Unit[]) => (spanWidth(units) / alt.width) * alt.weight * quality;
          best = Math.max(best, (sum / alt.units.length) * alt.weight * alt.rarity);
          bestCov = Math.max(bestCov, share(onPage));
          bestTitle = Math.max(bestTitle, share(inTitle));
          bestSummary = Math.max(bestSummary, share(inSummary));
          bestDefines = Math.max(bestDefines, share(inDefinition));
          for (let k = 0; k < count; k++) {
            if (!secUnits[k]) continue;
            secBest[k] = Math.max(secBest[k]!, share(secUnits[k]!));
            if (headUnits[k]) headBest[k] = Math.max(headBest[k]!, share(headUnits[k]!));
            valueBest[k] = Math.max(valueBest[k]!, (values[k]! / alt.units.length) * alt.weight * alt.rarity);
          }
        }
        if (clause.required && bestCov < 1) {
          dropped = true;
          break;
        }
        score += best;
        covered += importance * bestCov;
        titleCovered += importance * bestTitle;
        summaryCovered += importance * bestSummary;
        definesCovered += importance * bestDefines;
        for (let k = 0; k < count; k++) {
          secCover[k] = secCover[k]! + importance * secBest[k]!;
          headCover[k] = headCover[k]! + importance * headBest[k]!;
          secValue[k] = secValue[k]! + valueBest[k]!;
        }
      }
      if (dropped || score <= 0) continue;
      const coverage = covered / totalImportance;
      let proximity = 0;
      let heading = 0;
      const sections: SectionHit[] = [];
      for (let k = 0; k < count; k++) {
        if (!secValue[k]) continue;
        const c = secCover[k]! / totalImportance;
        const h = headCover[k]! / totalImportance;
        proximity = Math.max(proximity, c);
        heading = Math.max(heading, h);
        sections.push({section: first + k, score: secValue[k]! * c * c * (1 + h), fields: secFields[k]!});
      }
      sections.sort((a, b) => b.score - a.score || a.section - b.section);
      const title = titleCovered / totalImportance;
      const summary = summaryCovered / totalImportance;
      const defines = definesCovered / totalImportance;
      const about =
        1 +
        W_ABOUT_TITLE * title * title +
        W_ABOUT_SUMMARY * summary * summary +
        W_ABOUT_HEADING * heading * heading +
        W_ABOUT_DEFINES * defines * defines;
      coverageOf.set(p, coverage);
      ranked.push({
        page: p,
        score: score * coverage * coverage * (1 + PROXIMITY * proximity * proximity) * about,
        sections,
      });
    }
    const bestCoverage = Math.max(0, ...coverageOf.values());
    const kept = ranked.filter((r) => coverageOf.get(r.page)! >= bestCoverage * MIN_RELATIVE_COVERAGE);
    kept.sort((a, b) => b.score - a.score || a.page - b.page);

    return {ranked: kept, expansions: [...new Set([...expansions.values()].flat())]};
  }

  /** The index terms to highlight on a page: those of the query's that occur on it (bigrams join up on screen). */
  function needlesOn(page: number, expansions: Expansion[]): string[] {
    const from = firstSection[page]!;
    const to = firstSection[page + 1]!;
    return expansions.filter((e) => e.highlight && e.sections.some((s) => s >= from && s < to)).map((e) => e.term);
  }

  interface HitRef {
    page: number;
    /** Index of the section within the page. */
    local: number;
    fields: number;
  }

  /** Each page's hits: its best sections (the page itself when its title or summary matches best). */
  function order(ranked: RankedPage[]): HitRef[] {
    const lead: HitRef[] = [];
    const tail: HitRef[] = [];
    for (const r of ranked) {
      r.sections.forEach((s, i) => {
        const ref = {page: r.page, local: s.section - firstSection[r.page]!, fields: s.fields};
        (i < LEADING_HITS_PER_PAGE ? lead : tail).push(ref);
      });
    }
    return [...lead, ...tail];
  }

  function toHit(ref: HitRef, file: PageFile, needles: string[], request: SearchRequest): SearchHit {
    const pre = ALLOWED_TAG.test(request.highlightPreTag ?? '') ? request.highlightPreTag! : '<em>';
    const post = `</${/^<(\w+)/.exec(pre)![1]}>`;
    const ellipsis = escapeHtml(request.snippetEllipsisText ?? '…');
    // The heading chain of the section.
    const chain: string[] = [];
    let level = 1;
    for (let i = 1; i <= ref.local; i++) {
      const [, depth, heading] = file.sections[i]!;
      chain.splice(depth - 2);
      chain.push(heading);
    }
    const [anchor, depth, , ...texts] = file.sections[ref.local]!;
    if (depth > 1) level = Math.min(chain.length + 1, 6);
    const blocks = ref.local === 0 && file.description ? [file.description, ...texts] : texts;
    // The block that covers most needles, if the section's text matched at all.
    let content: string | null = null;
    const headingOnly =
      ref.fields & (FIELD_TITLE | FIELD_HEADING) && !(ref.fields & ~(FIELD_TITLE | FIELD_HEADING | FIELD_DEFINES));
    if (!headingOnly && blocks.length) {
      let best = -1;
      for (const block of blocks) {
        const folded = fold(block);
        let score = 0;
        for (const n of needles) if (folded.includes(n)) score += n.length;
        if (score > best) {
          best = score;
          content = block;
        }
      }
    }
    // The page itself (its title matched) is a lvl1 hit, shown with its summary; a heading without matching text a
    // heading hit; otherwise the block.
    const type: HitType =
      ref.local === 0 && ref.fields & FIELD_TITLE ? 'lvl1' : content !== null ? 'content' : (`lvl${level}` as HitType);
    const hierarchy = Object.fromEntries(LEVELS.map((l) => [l, null])) as Record<Level, string | null>;
    hierarchy.lvl0 = file.category;
    hierarchy.lvl1 = file.title;
    chain.slice(0, 5).forEach((h, k) => (hierarchy[LEVELS[k + 2]!] = h));

    const describe = (raw: string, attr: string): [HighlightValue, SnippetValue] => {
      const folded = fold(raw);
      const ranges = findRanges(folded, needles);
      const matchedWords = needles.filter((n) => folded.includes(n));
      const matchLevel: MatchLevel =
        matchedWords.length === 0 ? 'none' : matchedWords.length === needles.length ? 'full' : 'partial';
      const words = snippetWords(request, attr);
      const value = markup(raw, ranges, 0, raw.length, pre, post);
      return [
        {value, matchLevel, matchedWords},
        {value: words ? snippetOf(raw, ranges, words, pre, post, ellipsis) : value, matchLevel},
      ];
    };
    const highlight: SearchHit['_highlightResult'] = {hierarchy: {}};
    const snippet: SearchHit['_snippetResult'] = {hierarchy: {}};
    for (const l of LEVELS) {
      const raw = hierarchy[l];
      if (raw === null) continue;
      const [h, s] = describe(raw, `hierarchy.${l}`);
      highlight.hierarchy[l] = h;
      if (l !== 'lvl0') snippet.hierarchy[l] = s;
    }
    if (content !== null) {
      const [h, s] = describe(content, 'content');
      highlight.content = h;
      // The search page asks for no snippets and shows content's: give it a short one.
      snippet.content = request.attributesToSnippet
        ? s
        : {
            value: snippetOf(content, findRanges(fold(content), needles), 30, pre, post, ellipsis),
            matchLevel: h.matchLevel,
          };
    }
    const url = origin + file.path + (anchor ? `#${anchor}` : '');
    return {
      objectID: `${file.path}#${ref.local}${content === null ? '' : `:${blocks.indexOf(content)}`}`,
      type,
      url,
      url_without_anchor: origin + file.path,
      anchor,
      content: content === null ? null : escapeHtml(content),
      hierarchy: Object.fromEntries(
        Object.entries(hierarchy).map(([k, v]) => [k, v === null ? null : escapeHtml(v)]),
      ) as SearchHit['hierarchy'],
      language: meta.language,
      docusaurus_tag: meta.tag,
      _highlightResult: highlight,
      _snippetResult: snippet,
    };
  }

  async function search(request: SearchRequest): Promise<SearchResult> {
    const started = Date.now();
    const query = typeof request.query === 'string' ? request.query : '';
    const hitsPerPage = Math.max(0, Math.min(1000, Number(request.hitsPerPage ?? DEFAULT_HITS_PER_PAGE)));
    const page = Math.max(0, Number(request.page ?? 0));
    const allowed = passesFilters({language: meta.language, docusaurus_tag: meta.tag}, request.facetFilters);
    const parsed = parseQuery(query, synonyms);
    const {ranked, expansions} = allowed && parsed.clauses.length ? await rank(parsed) : {ranked: [], expansions: []};
    const refs = order(ranked);
    const shown = refs.slice(page * hitsPerPage, (page + 1) * hitsPerPage);
    const files = new Map<number, PageFile>();
    await Promise.all([...new Set(shown.map((r) => r.page))].map((p) => loadPage(p).then((f) => files.set(p, f))));
    const hits = shown.map((ref) => toHit(ref, files.get(ref.page)!, needlesOn(ref.page, expansions), request));
    const nbHits = refs.length;
    const facetNames = request.facets ? ([] as string[]).concat(request.facets) : [];
    const facets: Record<string, Record<string, number>> = {};
    for (const name of facetNames.includes('*') ? ['language', 'docusaurus_tag'] : facetNames) {
      const value = name === 'language' ? meta.language : name === 'docusaurus_tag' ? meta.tag : null;
      facets[name] = value && nbHits ? {[value]: nbHits} : {};
    }
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

  return {search};
}

/** An IndexSource over an index held in memory (Node: tests, benchmark, build checks). */
export function memorySource(index: {meta: IndexMeta; shards: Shard[]; pages: PageFile[]}): IndexSource {
  return {meta: index.meta, shard: (i) => index.shards[i]!, page: (i) => index.pages[i]!};
}
