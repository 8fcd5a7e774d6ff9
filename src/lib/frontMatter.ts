// The front matter of a doc page, read the same way by the content checks, the search index and the llms.txt files.
// Our pages use flat `key: value` lines (content guide); quotes around a value are removed.

export interface FrontMatter {
  /** The flat `key: value` pairs, or null when the page has no front matter block. */
  data: Record<string, string> | null;
  /** The Markdown after the front matter block. */
  body: string;
}

const BLOCK = /^---\r?\n([\s\S]*?)\r?\n---(?:\r?\n|$)/;

export function splitFrontMatter(markdown: string): FrontMatter {
  const m = BLOCK.exec(markdown);
  if (!m) return {data: null, body: markdown};
  const data: Record<string, string> = {};
  for (const line of m[1]!.split(/\r?\n/)) {
    const kv = /^([A-Za-z_][\w-]*):\s*(.*?)\s*$/.exec(line);
    if (kv) data[kv[1]!] = kv[2]!.replace(/^(['"])(.*)\1$/, '$2');
  }
  return {data, body: markdown.slice(m[0].length)};
}
