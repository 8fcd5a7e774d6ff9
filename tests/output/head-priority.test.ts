// Issue #28: before the first paint a page may request at high priority only what the paint needs (its stylesheet).
// Every page of both builds: no external script, no script or font preload above low priority; and of the scripts only
// the site bundle is requested before the first paint (preloaded at low priority from the <head>, so its download does
// not wait for the paint, after which the page's starter starts it); the route chunks are requested after it.
import assert from 'node:assert/strict';
import {readFileSync} from 'node:fs';
import {join} from 'node:path';
import {test} from 'node:test';
import {
  buildDir,
  builtText,
  earlyHighPriorityRequests,
  scriptsBeforeFirstPaint,
  sitemapPaths,
  tags,
  testBuildDir,
} from './output';

for (const dir of [buildDir, testBuildDir]) {
  test(`${dir}: no page requests anything but its stylesheet at high priority before its first paint`, () => {
    const paths = sitemapPaths(dir);
    assert.ok(paths.length > 50, `${paths.length} pages in the sitemap`);
    for (const path of paths) {
      const html = builtText(path, dir);
      assert.deepEqual(
        earlyHighPriorityRequests(html),
        [],
        `${path}: requested at high priority before the first paint`,
      );
      const head = html.slice(0, html.indexOf('</head>'));
      const preloads = tags(head, 'link').filter((link) => link.rel === 'preload' && link.as === 'script');
      assert.ok(
        preloads.some((link) => /\/main\.[0-9a-f]+\.js$/.test(link.href ?? '')),
        `${path}: the site bundle is not preloaded from the <head>`,
      );
      // The bundle's own scripts (runtime~main, main), as its JSON block names them: their start is one long task.
      const bundle = JSON.parse(
        /<script type="?application\/json"? id="?__docusaurus-scripts"?>([^<]*)<\/script>/.exec(html)?.[1] ?? '[]',
      ) as string[];
      assert.ok(
        bundle.some((src) => /\/main\.[0-9a-f]+\.js$/.test(src)),
        `${path}: no bundle named for the starter`,
      );
      assert.deepEqual(
        scriptsBeforeFirstPaint(html),
        bundle,
        `${path}: scripts requested before the first paint, where only the site bundle may be`,
      );
    }
  });
}

for (const dir of [buildDir, testBuildDir]) {
  test(`${dir}: the stylesheet every page waits for leaves the search modal's rules to the modal`, () => {
    for (const path of sitemapPaths(dir)) {
      const head = builtText(path, dir).split('</head>')[0]!;
      const sheets = tags(head, 'link')
        .filter((link) => link.rel === 'stylesheet')
        .map((link) => readFileSync(join(dir, link.href!), 'utf8'));
      assert.equal(sheets.length, 1, `${path}: one stylesheet`);
      // The button is drawn with the page; the modal, its screens and our overrides load with the modal
      // (src/plugins/search-styles.ts).
      assert.match(sheets[0]!, /\.DocSearch-Button\{/, `${path}: the search button's rules`);
      assert.doesNotMatch(sheets[0]!, /\.DocSearch-(Modal|Container|Dropdown|Hit)\b/, `${path}: modal rules`);
    }
  });
}
