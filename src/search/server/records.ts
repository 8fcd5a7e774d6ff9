// The index's pages as DocSearch records (one per heading, one per text block), with plain-text fields and absolute
// URLs: what `search:push` uploads to Algolia.
import {LEVELS, type BuiltIndex, type DocSearchRecord, type HitType, type Level} from '../shared/types';

export function toDocSearchRecords(index: BuiltIndex, origin: string): DocSearchRecord[] {
  const records: DocSearchRecord[] = [];
  index.pages.forEach((page, p) => {
    const chain: string[] = [];
    let position = 0;
    for (const [anchor, depth, heading, ...texts] of page.sections) {
      if (depth > 1) {
        chain.splice(depth - 2);
        chain.push(heading);
      }
      const hierarchy = Object.fromEntries(LEVELS.map((l) => [l, null])) as Record<Level, string | null>;
      hierarchy.lvl0 = page.category;
      hierarchy.lvl1 = page.title;
      chain.slice(0, 5).forEach((h, k) => (hierarchy[LEVELS[k + 2]!] = h));
      const level = depth === 1 ? 1 : Math.min(chain.length + 1, 6);
      const base = {
        url: origin + page.path + (anchor ? `#${anchor}` : ''),
        url_without_anchor: origin + page.path,
        anchor,
        hierarchy,
        language: index.meta.language,
        docusaurus_tag: index.meta.tag,
      };
      const blocks = depth === 1 && page.description ? [page.description, ...texts] : texts;
      records.push({
        ...base,
        objectID: `${p}-${records.length}`,
        type: `lvl${level}` as HitType,
        content: null,
        weight: {pageRank: 0, level: 100 - level * 10, position: ++position},
      });
      for (const text of blocks) {
        records.push({
          ...base,
          objectID: `${p}-${records.length}`,
          type: 'content',
          content: text,
          weight: {pageRank: 0, level: 0, position: ++position},
        });
      }
    }
  });
  return records;
}
