// tests/output/head-priority.test.ts's check (earlyHighPriorityRequests) on planted pages: what it lets through and
// what it reports.
import assert from 'node:assert/strict';
import {test} from 'node:test';
import {earlyHighPriorityRequests} from '../output/output';

const page = (head: string, body = '') => `<!doctype html><html><head>${head}</head><body>${body}</body></html>`;

test('a stylesheet, low-priority script preloads, image preloads and inline scripts are fine', () => {
  const html = page(
    '<link rel=stylesheet href=/assets/css/styles.css /><link rel=preload href=/assets/js/main.1.js as=script ' +
      'fetchpriority=low /><link rel="preload" as="image" href="/img/logo.svg"><link rel=icon href=/favicon.ico>',
    '<script>start()</script><script type=application/json id=x>["/a.js"]</script>',
  );
  assert.deepEqual(earlyHighPriorityRequests(html), []);
});

test('a script preload at default priority, a modulepreload, a font preload and an external script are reported', () => {
  assert.deepEqual(earlyHighPriorityRequests(page('<link rel=preload href=/assets/js/main.1.js as=script />')), [
    '<link rel=preload href=/assets/js/main.1.js as=script>',
  ]);
  assert.deepEqual(
    earlyHighPriorityRequests(page('<link rel="preload" href="/a.js" as="script" fetchpriority="high">')).length,
    1,
  );
  assert.equal(earlyHighPriorityRequests(page('<link rel=modulepreload href=/a.js>')).length, 1);
  assert.equal(earlyHighPriorityRequests(page('<link rel=preload href=/f.woff2 as=font crossorigin>')).length, 1);
  assert.deepEqual(earlyHighPriorityRequests(page('', '<script src=/assets/js/main.1.js defer></script>')), [
    '<script src=/assets/js/main.1.js>',
  ]);
});
