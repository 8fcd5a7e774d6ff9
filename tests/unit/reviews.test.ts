// Page review records and the stamp each page shows (src/reviews, reviews/README.md, issue #36).
import assert from 'node:assert/strict';
import {readFileSync} from 'node:fs';
import {join} from 'node:path';
import {test} from 'node:test';
import {SITE_DIR, pageHash, readRecord, reviewStamp} from '../../src/reviews';

const page = 'documents/best-practice/weclone.md';
const file = join(SITE_DIR, 'docs', page);

test('a record gives its date, what the page was checked against and how many reviewed it', () => {
  const record = readRecord(page)!;
  assert.match(record.reviewed, /^\d{4}-\d{2}-\d{2}$/);
  assert.match(record.against, /LLaMA-Factory v0\.9\.5/);
  assert.ok(record.reviewers >= 2, 'best practices have two independent reviews');
});

test('the stamp says reviewed only while the page is what was reviewed, and never fails the build', () => {
  const record = readRecord(page)!;
  const text = readFileSync(file, 'utf8');
  const reviewed = {...record, source: pageHash(text)};
  // The stamp compares the page's text with the hash in the record: the same text is "reviewed" …
  assert.equal(reviewed.source, pageHash(text.replace(/\n/g, '\r\n')), 'line ends do not count');
  const stamp = reviewStamp(file, text)!;
  assert.equal(stamp.status, record.source === pageHash(text) ? 'reviewed' : 'changed');
  assert.equal(stamp.date, record.reviewed);
  // … and one word changed after the review makes it "changed".
  assert.equal(reviewStamp(file, `${text}\n多一行。`)!.status, 'changed');
  // A new page without a record gets "none"; a file outside docs/ gets no stamp.
  assert.deepEqual(reviewStamp(join(SITE_DIR, 'docs/documents/new-page.md'), '# 新页面'), {status: 'none'});
  assert.equal(reviewStamp(join(SITE_DIR, 'src/pages/index.md'), ''), undefined);
});
