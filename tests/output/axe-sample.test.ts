// pages.spec.ts reads the colours (axe's colour rules, light and dark) and the chrome of the sampled pages only, and
// every other page's own content in light mode without the colour rules. That is enough only while a page's colours
// come from the components it uses, not from the page: this checks that the sampled articles together use every
// element and class any article uses, so a new kind of content (a new admonition type, an MDX component) fails here
// until a page that has it joins the sample.
import {test} from 'node:test';
import assert from 'node:assert/strict';
import {builtText, sitemapPaths} from './output';
import {SAMPLE} from '../e2e/sample';

/** The element names and classes in a page's article, code blocks left out (their colours: tests/unit/prism.test.ts). */
function kinds(path: string): Set<string> {
  const article = /<article[\s\S]*<\/article>/.exec(builtText(path))?.[0] ?? '';
  const content = article.replace(/<pre[\s\S]*?<\/pre>/g, '');
  const found = new Set<string>();
  for (const [, name] of content.matchAll(/<([a-z][a-z0-9-]*)[\s>/]/g)) found.add(`<${name}>`);
  for (const [, quoted, bare] of content.matchAll(/\sclass=(?:"([^"]*)"|([^\s>"]+))/g)) {
    for (const c of (quoted ?? bare ?? '').split(/\s+/)) if (c && !c.startsWith('language-')) found.add(`.${c}`);
  }
  return found;
}

test('the axe sample uses every element and class that any page’s article uses', () => {
  const docs = sitemapPaths().filter((p) => p.startsWith('/docs/'));
  const sampled = new Set(SAMPLE.filter((p) => docs.includes(p)).flatMap((p) => [...kinds(p)]));
  const missing = new Map<string, string>();
  for (const path of docs) {
    for (const kind of kinds(path)) if (!sampled.has(kind) && !missing.has(kind)) missing.set(kind, path);
  }
  assert.deepEqual(
    [...missing].map(([kind, path]) => `${kind} (first on ${decodeURIComponent(path)})`),
    [],
    'add a page that has these to SAMPLE in tests/e2e/sample.ts',
  );
  assert.ok(sampled.size > 20, `only ${sampled.size} kinds found: is the article still an <article>?`);
});
