// Issue #36: every doc page shows, next to its last-updated line, what it was last checked against and when, taken
// from its review record (reviews/, src/reviews): `本页按 … 核对（YYYY-MM-DD）`, or that it changed after that check.
import assert from 'node:assert/strict';
import {readFileSync} from 'node:fs';
import {relative} from 'node:path';
import {test} from 'node:test';
import {loadSiteDocs} from '../../src/content/site';
import {SITE_DIR, pageHash, readRecord} from '../../src/reviews';
import {builtText} from './output';

test('every doc page shows its review stamp, as its record and current text say', async () => {
  const {docs} = await loadSiteDocs();
  const wrong: string[] = [];
  for (const doc of docs) {
    const html = builtText(new URL(doc.permalink, 'http://x').pathname);
    const stamp = /<span[^>]*data-review="?(reviewed|changed|none)"?[^>]*>([^<]*)<\/span>/.exec(html);
    const record = readRecord(relative(`${SITE_DIR}/docs`, doc.filePath));
    if (!stamp) {
      wrong.push(`${doc.id}: no stamp`);
      continue;
    }
    const [, status, text] = stamp;
    if (!record) {
      if (status !== 'none') wrong.push(`${doc.id}: stamp ${status} without a record`);
      continue;
    }
    const fresh = record.source === pageHash(readFileSync(doc.filePath, 'utf8'));
    const expected = `本页按 ${record.against} 核对（${record.reviewed}）${fresh ? '' : '，上次核对后有改动'}`;
    if (status !== (fresh ? 'reviewed' : 'changed') || text !== expected) wrong.push(`${doc.id}: "${text}"`);
  }
  assert.deepEqual(wrong, []);
});
