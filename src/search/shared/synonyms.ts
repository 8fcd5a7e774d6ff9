// The synonym list the doc team keeps in synonyms.json. Each entry is either a group of words a reader may use for the
// same thing (two-way: any of them finds pages with the others), or `{"from": [...], "to": [...]}` (one-way: a query
// with a `from` word also finds pages with the `to` words, not the other way round), for English words readers type
// for the site's Chinese concepts (`instance` → 实例): the English word also occurs on pages in another sense (an SSH
// config's `instance`), and a reader typing 实例 should not get those. The embedded engine expands both, and
// `search:push` uploads the same entries to Algolia as two-way and one-way synonyms, so both backends agree.
import entries from './synonyms.json';
import {fold} from './text';

/** Two-way: each word also searches the others. */
export type SynonymGroup = string[];
/** One-way: each `from` word also searches the `to` words. */
export interface OneWaySynonym {
  from: string[];
  to: string[];
}
export type Synonym = SynonymGroup | OneWaySynonym;

/** The words of a list, folded (lower case, half-width, single spaces), without repeats. */
function words(list: unknown, what: string): string[] {
  if (!Array.isArray(list) || !list.length || list.some((w) => typeof w !== 'string' || !w.trim())) {
    throw new Error(`synonyms.json: ${what} must be a list of non-empty words`);
  }
  return [...new Set(list.map((w: string) => fold(w.trim()).replace(/\s+/g, ' ')))];
}

/** The entries of synonyms.json, folded: groups of at least two distinct words, one-way entries with both sides. */
export function synonymGroups(raw: unknown = entries): Synonym[] {
  if (!Array.isArray(raw)) throw new Error('synonyms.json: expected a list of groups');
  return raw.map((entry: unknown, i): Synonym => {
    if (Array.isArray(entry)) {
      const group = words(entry, `group ${i + 1}`);
      if (group.length < 2) throw new Error(`synonyms.json: group ${i + 1} (${entry.join(', ')}) needs two words`);
      return group;
    }
    const {from, to, ...rest} = (entry ?? {}) as Record<string, unknown>;
    if (Object.keys(rest).length) throw new Error(`synonyms.json: entry ${i + 1} has keys other than from and to`);
    return {from: words(from, `entry ${i + 1} "from"`), to: words(to, `entry ${i + 1} "to"`)};
  });
}

/** Each word a query may contain, with the words it also searches and whether that is one-way. */
export function synonymWords(synonyms: Synonym[]): {word: string; also: string[]; oneWay: boolean}[] {
  return synonyms.flatMap((s): {word: string; also: string[]; oneWay: boolean}[] =>
    Array.isArray(s)
      ? s.map((word) => ({word, also: s.filter((w) => w !== word), oneWay: false}))
      : s.from.map((word) => ({word, also: s.to.filter((w) => w !== word), oneWay: true})),
  );
}
