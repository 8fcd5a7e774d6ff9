// Page review records (reviews/README.md).
//   npm run review:stamp -- <page id> [...]   writes each page's current content hash into its record (`source`),
//                                             after you have checked the page and updated its record;
//   npm run review:stamp                      lists every page's state: reviewed, changed since its review, no record.
import {readFileSync, writeFileSync} from 'node:fs';
import {relative} from 'node:path';
import {loadSiteDocs} from '../src/content/site';
import {SITE_DIR, pageHash, readRecord} from '../src/reviews';

const docs = (await loadSiteDocs()).docs;
const ids = process.argv.slice(2);
/** A doc's path under docs/ (documents/x.md), from its source path. */
const docPath = (doc) => relative(`${SITE_DIR}/docs`, doc.filePath);

if (ids.length) {
  let failed = false;
  for (const id of ids) {
    const doc = docs.find((d) => d.id === id || docPath(d) === id);
    const record = doc && readRecord(docPath(doc));
    if (!record) {
      console.error(
        `${id}: ${doc ? `no record; write reviews/${docPath(doc)} first (reviews/README.md)` : 'no such page'}`,
      );
      failed = true;
      continue;
    }
    const hash = pageHash(readFileSync(doc.filePath, 'utf8'));
    const text = /\nsource:.*\n/.test(record.text.split('\n---')[0] + '\n')
      ? record.text.replace(/\nsource:.*\n/, `\nsource: "${hash}"\n`)
      : record.text.replace(/^---\n/, `---\nsource: "${hash}"\n`);
    writeFileSync(record.file, text);
    console.log(`${docPath(doc)}: stamped ${hash} (reviewed ${record.reviewed})`);
  }
  process.exit(failed ? 1 : 0);
}

const counts = {reviewed: 0, changed: 0, none: 0};
for (const doc of docs) {
  const record = readRecord(docPath(doc));
  const state = !record
    ? 'none'
    : record.source === pageHash(readFileSync(doc.filePath, 'utf8'))
      ? 'reviewed'
      : 'changed';
  counts[state]++;
  if (state !== 'reviewed') console.log(`${state === 'none' ? 'no record' : 'changed since review'}: ${docPath(doc)}`);
}
console.log(
  `${docs.length} pages: ${counts.reviewed} reviewed, ${counts.changed} changed since review, ${counts.none} without a record`,
);
