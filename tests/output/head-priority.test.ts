// Issue #28: before the first paint a page may request at high priority only what the paint needs (its stylesheet).
// Every page of both builds: no external script, no script or font preload above low priority; and the site bundle is
// still preloaded (at low priority) from the <head>, so its download does not wait for the first frame, when the
// page's starter script starts it.
import assert from 'node:assert/strict';
import {test} from 'node:test';
import {buildDir, builtText, earlyHighPriorityRequests, sitemapPaths, tags, testBuildDir} from './output';

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
    }
  });
}
