// The synonym list the doc team keeps in synonyms.json: each entry is a group of words a reader may use for the same
// thing. The embedded engine searches every word of a group when the query contains one of them, and `search:push`
// uploads the same groups to Algolia as two-way synonyms, so both backends agree.
import groups from './synonyms.json';
import {fold} from './text';

export type SynonymGroup = string[];

/** The groups from synonyms.json, folded (lower case, half-width), each with at least two distinct words. */
export function synonymGroups(raw: unknown = groups): SynonymGroup[] {
  if (!Array.isArray(raw)) throw new Error('synonyms.json: expected a list of groups');
  return raw.map((group, i) => {
    if (!Array.isArray(group) || group.some((w) => typeof w !== 'string' || !w.trim())) {
      throw new Error(`synonyms.json: group ${i + 1} must be a list of non-empty words`);
    }
    const words = [...new Set(group.map((w: string) => fold(w.trim()).replace(/\s+/g, ' ')))];
    if (words.length < 2) throw new Error(`synonyms.json: group ${i + 1} (${group.join(', ')}) needs two words`);
    return words;
  });
}
