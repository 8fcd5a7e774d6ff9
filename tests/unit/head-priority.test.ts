// tests/output/head-priority.test.ts's check (earlyHighPriorityRequests) on planted pages: what it lets through and
// what it reports.
import assert from 'node:assert/strict';
import {test} from 'node:test';
import {earlyHighPriorityRequests, scriptsBeforeFirstPaint} from '../output/output';

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

test("scripts requested before the first paint: preloads and external scripts, not the starter's JSON blocks", () => {
  const bundle = '<link rel=preload href=/assets/js/main.1.js as=script fetchpriority=low />';
  const starter =
    '<script type=application/json id=__docusaurus-preloads>["/assets/js/a.js"]</script>' +
    '<script type=application/json id=__docusaurus-scripts>["/assets/js/runtime~main.1.js"]</script><script>s()</script>';
  assert.deepEqual(scriptsBeforeFirstPaint(page(`<link rel=stylesheet href=/s.css>${bundle}`, starter)), [
    '/assets/js/main.1.js',
  ]);
  assert.deepEqual(
    scriptsBeforeFirstPaint(
      page(
        `${bundle}<link rel="preload" href="/assets/js/a.js" as="script" fetchpriority="low">` +
          '<link rel=preload href=/assets/js/runtime~main.1.js as=script fetchpriority=low>',
        '<script src=/x.js async></script><link rel=modulepreload href=/m.js>',
      ),
    ),
    ['/assets/js/main.1.js', '/assets/js/a.js', '/assets/js/runtime~main.1.js', '/x.js', '/m.js'],
  );
});
