// Builds the sharded embedded index (IndexMeta, Shard files, PageFiles; see shared/types.ts) from doc pages.
// Node only: run by the local-search plugin at build time and in `npm start`, and by tests and the benchmark.
import {
  FIELD_BODY,
  FIELD_DEFINES,
  FIELD_DESCRIPTION,
  FIELD_HEADING,
  FIELD_TITLE,
  type BuiltIndex,
  type PageFile,
  type PageSection,
  type Shard,
} from '../shared/types';
import {fold, shardOf, termsOf} from '../shared/text';
import {clean, extractSections, type Section, type SourcePage} from './extract';

/** Postings (JSON text) per shard the builder aims at: about 4 KiB gzip, so a query fetches little at any size. */
const TARGET_SHARD_CHARS = 10_000;
const MIN_SHARDS = 8;
const MAX_BODY_COUNT = 31;
/** A page that defines at least this many identifiers (table rows, headings) is a reference page. */
const MIN_REFERENCE_DEFINITIONS = 10;

/**
 * Which page defines each identifier: of the reference pages that define it, the one that defines the most
 * identifiers (ties: each of them). A best practice's table of the settings it used defines nothing, however often it
 * names them, so the parameter reference stays first for a parameter's name.
 */
export function definingPages(pages: Section[][]): Map<string, Set<number>> {
  const counts = pages.map((sections) => new Set(sections.flatMap((s) => s.defines)));
  const owners = new Map<string, Set<number>>();
  counts.forEach((ids, p) => {
    if (ids.size < MIN_REFERENCE_DEFINITIONS) return;
    for (const id of ids) {
      const current = owners.get(id);
      const best = current ? counts[[...current][0]!]!.size : 0;
      if (ids.size > best) owners.set(id, new Set([p]));
      else if (ids.size === best) current!.add(p);
    }
  });
  return owners;
}

export interface BuildOptions {
  /** Fix the number of shards instead of deriving it from the postings' size. */
  shards?: number;
}

export function buildIndex(pages: SourcePage[], language: string, tag: string, options: BuildOptions = {}): BuiltIndex {
  const files: PageFile[] = [];
  const metaPages: number[] = [];
  /** term → [section, code] pairs in section order. */
  const postings = new Map<string, number[]>();
  let section = 0;
  const extracted = pages.map((page) => extractSections(page.tree));
  const owners = definingPages(extracted);
  for (const [p, page] of pages.entries()) {
    const sections = extracted[p]!;
    const description = clean(page.description);
    const out: PageSection[] = [];
    let length = 0;
    for (const [s, sec] of sections.entries()) {
      const codes = new Map<string, number>();
      const add = (text: string, field: number) => {
        for (const term of termsOf(text)) {
          length++;
          const code = codes.get(term) ?? 0;
          const body = (code >> 4) & MAX_BODY_COUNT;
          codes.set(
            term,
            field === FIELD_BODY ? (Math.min(MAX_BODY_COUNT, body + 1) << 4) | (code & 15) | FIELD_BODY : code | field,
          );
        }
      };
      const heading = s === 0 ? page.title : sec.headings[sec.headings.length - 1]!;
      add(heading, s === 0 ? FIELD_TITLE : FIELD_HEADING);
      if (s === 0 && description) add(description, FIELD_DESCRIPTION);
      for (const text of sec.texts) add(text, FIELD_BODY);
      for (const id of sec.defines) {
        const term = fold(id);
        if (owners.get(id)?.has(p) && codes.has(term)) codes.set(term, codes.get(term)! | FIELD_DEFINES);
      }
      for (const [term, code] of codes) {
        let list = postings.get(term);
        if (!list) postings.set(term, (list = []));
        list.push(section, code);
      }
      out.push([sec.anchor, s === 0 ? 1 : Math.min(6, sec.headings.length + 1), heading, ...sec.texts]);
      section++;
    }
    metaPages.push(out.length, length);
    files.push({path: page.permalink, category: page.category, title: page.title, description, sections: out});
  }

  // Delta-encode, then spread the terms over shards sized by the total.
  const encoded = new Map<string, number[]>();
  let chars = 0;
  for (const [term, list] of postings) {
    const deltas: number[] = [];
    let last = 0;
    for (let i = 0; i < list.length; i += 2) {
      deltas.push(list[i]! - last, list[i + 1]!);
      last = list[i]!;
    }
    encoded.set(term, deltas);
    chars += term.length + 6 + deltas.join(',').length;
  }
  const count = options.shards ?? Math.max(MIN_SHARDS, Math.round(chars / TARGET_SHARD_CHARS));
  const shards: Shard[] = Array.from({length: count}, () => ({}));
  for (const term of [...encoded.keys()].sort()) shards[shardOf(term, count)]![term] = encoded.get(term)!;
  return {meta: {v: 2, language, tag, shards: count, pages: metaPages}, shards, pages: files};
}

/** The index as files: name → JSON text (meta.json, s<i>.json, p<i>.json). */
export function indexFiles(index: BuiltIndex): Map<string, string> {
  const files = new Map<string, string>([['meta.json', JSON.stringify(index.meta)]]);
  index.shards.forEach((shard, i) => files.set(`s${i}.json`, JSON.stringify(shard)));
  index.pages.forEach((page, i) => files.set(`p${i}.json`, JSON.stringify(page)));
  return files;
}
