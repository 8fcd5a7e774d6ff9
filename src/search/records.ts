// Expands the compact index into DocSearch records: used by the engine in the browser and by `search:push`.
import {LEVELS, type DocSearchRecord, type Level, type SearchIndex} from './types';

/** Expands the compact index into DocSearch records with plain-text fields and absolute URLs. */
export function toDocSearchRecords(index: SearchIndex, origin: string): DocSearchRecord[] {
  const position = new Map<number, number>();
  return index.records.map((record, i) => {
    const [s, text] = record;
    const [p, anchor, ...headings] = index.sections[s]!;
    const [path, lvl0, lvl1] = index.pages[p]!;
    const hierarchy = Object.fromEntries(LEVELS.map((l) => [l, null])) as Record<Level, string | null>;
    hierarchy.lvl0 = lvl0;
    hierarchy.lvl1 = lvl1;
    headings.slice(0, 5).forEach((h, k) => (hierarchy[LEVELS[k + 2]!] = h));
    const level = headings.length === 0 ? 1 : Math.min(headings.length + 1, 6);
    const pos = (position.get(p) ?? 0) + 1;
    position.set(p, pos);
    const url = origin + path + (anchor ? `#${anchor}` : '');
    return {
      objectID: `${p}-${i}`,
      type: text === undefined ? (`lvl${level}` as Level as DocSearchRecord['type']) : 'content',
      url,
      url_without_anchor: origin + path,
      anchor,
      content: text ?? null,
      hierarchy,
      language: index.language,
      docusaurus_tag: index.tag,
      weight: {pageRank: 0, level: text === undefined ? 100 - level * 10 : 0, position: pos},
    };
  });
}
