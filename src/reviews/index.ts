// Page review records (reviews/README.md): each doc page docs/<id>.md has reviews/<id>.md, whose front matter says when
// the page was last checked, against which upstream versions, and the page's content hash at that time. The stamp at
// a page's foot comes from here: `本页按 <against> 核对（<date>）`, or, when the page changed after its review, the
// same with `上次核对后有改动` (a writer's edit never fails the build for it). Node only: the docs plugin reads it while
// parsing each page's front matter (docusaurus.config.ts), and `npm run review:stamp` writes the hash.
import {createHash} from 'node:crypto';
import {existsSync, readFileSync} from 'node:fs';
import {dirname, join, relative} from 'node:path';
import {fileURLToPath} from 'node:url';

export const SITE_DIR = dirname(dirname(dirname(fileURLToPath(import.meta.url))));
export const REVIEWS_DIR = join(SITE_DIR, 'reviews');
const DOCS_DIR = join(SITE_DIR, 'docs');

/** What a page's front matter carries for its stamp (`review` key, read by src/theme/LastUpdated). */
export interface ReviewStamp {
  /** reviewed: checked and unchanged since; changed: edited after its review; none: no record yet. */
  status: 'reviewed' | 'changed' | 'none';
  date?: string;
  against?: string;
}

export interface ReviewRecord {
  page: string;
  reviewed: string;
  against: string;
  reviewers: number;
  source?: string;
  /** The record's text, front matter included. */
  text: string;
  file: string;
}

/** The page's content hash, as the record keeps it: sha256 of the file's text (line ends normalised), 16 hex digits. */
export function pageHash(text: string): string {
  return createHash('sha256').update(text.replace(/\r\n/g, '\n')).digest('hex').slice(0, 16);
}

/** The record file of a page, from the page's path under docs/ (`documents/x.md` → reviews/documents/x.md). */
export function recordFile(docRelativePath: string): string {
  return join(REVIEWS_DIR, docRelativePath.replace(/\.mdx?$/, '.md'));
}

/** The record's front matter: one `key: value` a line (a value may be quoted); null when there is none. */
function frontMatter(text: string): Record<string, string> | null {
  const match = /^---\n([\s\S]*?)\n---\n/.exec(text.replace(/\r\n/g, '\n'));
  if (!match) return null;
  const data: Record<string, string> = {};
  for (const line of match[1]!.split('\n')) {
    const field = /^(\w+):\s*(.*?)\s*(#.*)?$/.exec(line);
    if (field) data[field[1]!] = field[2]!.replace(/^(["'])(.*)\1$/, '$2');
  }
  return data;
}

/** Reads a record, or null when the page has none. Throws, naming the file, when its front matter is malformed. */
export function readRecord(docRelativePath: string): ReviewRecord | null {
  const file = recordFile(docRelativePath);
  if (!existsSync(file)) return null;
  const text = readFileSync(file, 'utf8');
  const data = frontMatter(text);
  const rel = relative(SITE_DIR, file);
  if (!data || !/^\d{4}-\d{2}-\d{2}$/.test(data.reviewed ?? '')) {
    throw new Error(`${rel}: front matter needs reviewed: YYYY-MM-DD (reviews/README.md)`);
  }
  if (!data.against) {
    throw new Error(`${rel}: front matter needs against: the upstream versions the page was checked against`);
  }
  return {
    page: data.page ?? '',
    reviewed: data.reviewed!,
    against: data.against,
    reviewers: Number(data.reviewers ?? 1),
    source: data.source,
    text,
    file,
  };
}

/** The stamp of a page, from its file path and current text. Pages outside docs/ get none. */
export function reviewStamp(filePath: string, text: string): ReviewStamp | undefined {
  const rel = relative(DOCS_DIR, filePath);
  if (rel.startsWith('..')) return undefined;
  const record = readRecord(rel);
  if (!record) return {status: 'none'};
  return {
    status: record.source === pageHash(text) ? 'reviewed' : 'changed',
    date: record.reviewed,
    against: record.against,
  };
}
