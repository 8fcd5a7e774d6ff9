// Text handling shared by the index builder (Node) and the browser engine, so both cut text into the same terms:
// Han text into overlapping character pairs (bigrams), Latin text into words. No segmenter, no dictionary.

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

/** A run of Han characters, or a Latin/digit word (underscores kept: lora_rank, dataset_info). */
export const TOKEN = /\p{Script=Han}+|[a-z0-9]+(?:_+[a-z0-9]+)*/gu;
export const HAN = /\p{Script=Han}/u;

export interface Token {
  text: string;
  han: boolean;
  /** Offset in the folded text. */
  at: number;
}

/** The Han runs and Latin words of folded text, in order. */
export function tokens(folded: string): Token[] {
  const out: Token[] = [];
  for (const m of folded.matchAll(TOKEN)) out.push({text: m[0], han: HAN.test(m[0]), at: m.index});
  return out;
}

/**
 * The index terms of one token: a Han run gives its bigrams (a lone character itself); a Latin word gives itself and,
 * when it has underscores, its parts. Single Latin letters are not terms.
 */
export function termsOfToken(token: Token): string[] {
  if (token.han) {
    const chars = [...token.text];
    if (chars.length === 1) return [token.text];
    const grams: string[] = [];
    for (let i = 0; i + 1 < chars.length; i++) grams.push(chars[i]! + chars[i + 1]!);
    return grams;
  }
  const out = token.text.length > 1 ? [token.text] : [];
  if (token.text.includes('_')) for (const part of token.text.split(/_+/)) if (part.length > 1) out.push(part);
  return out;
}

/** Every index term of a text, with repeats (the builder counts them). */
export function termsOf(text: string): string[] {
  return tokens(fold(text)).flatMap(termsOfToken);
}

/**
 * The shard a term lives in: Han terms by their first character, Latin words by their first two letters, so that
 * every term a prefix can complete (显 → 显存, 显卡; dat → dataset) is in the prefix's shard.
 */
export function shardOf(term: string, shards: number): number {
  const key = HAN.test(term[0] ?? '') ? term[0]! : term.slice(0, 2);
  let h = 2166136261;
  for (let i = 0; i < key.length; i++) h = Math.imul(h ^ key.charCodeAt(i), 16777619);
  return (h >>> 0) % shards;
}
