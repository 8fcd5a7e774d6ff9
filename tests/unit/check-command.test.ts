// The writer's side of the repository: the unit tests `npm run check` (scripts/check.mjs) runs because they read the
// pages are named exactly once, in files that exist, so a renamed test cannot drop out unnoticed; CONTRIBUTING.md
// states the /workspace folders as src/content/conventions.json does; and nothing points outside the repository.
import assert from 'node:assert/strict';
import {spawnSync} from 'node:child_process';
import {readFileSync} from 'node:fs';
import {test} from 'node:test';
import {DOC_TESTS, declaredTests} from '../../scripts/check.mjs';
import {conventions} from '../../scripts/conventions.mjs';

test('each test DOC_TESTS names is a test of its file, and no name picks another file’s test', () => {
  const sources = new Map(DOC_TESTS.map((t) => [t.file, readFileSync(t.file, 'utf8')]));
  for (const {file, tests} of DOC_TESTS) {
    const names = tests === 'all' ? declaredTests(sources.get(file)!) : tests;
    assert.ok(names.length, file);
    for (const name of names) {
      for (const [other, source] of sources) {
        const declared = declaredTests(source).filter((t) => t.includes(name));
        assert.equal(declared.length > 0, other === file, `${name} in ${other}`);
      }
    }
  }
  assert.deepEqual(declaredTests("\ntest('a b', x);\n  it(\"c'd\", y);\ntest(`e ${f} g`, z);"), ['a b', "c'd", 'e ']);
});

test('CONTRIBUTING.md lists the /workspace folders of src/content/conventions.json, no more, no fewer', () => {
  const guide = readFileSync('CONTRIBUTING.md', 'utf8');
  const listed = [...guide.matchAll(/^\| `(\/workspace\/[^`]*)` \|/gm)].map((m) => m[1]).sort();
  const paths = Object.values(conventions.paths as Record<string, {path: string}>)
    .map((p) => p.path)
    .sort();
  assert.deepEqual(listed, paths);
});

test('nothing in the repository points to the shared folder outside it', () => {
  const files = spawnSync('git', ['ls-files', '-co', '--exclude-standard'], {encoding: 'utf8'}).stdout.split('\n');
  const outside =
    /\/work\/shared|(?<![\w/])(?:\.\.\/)?shared\/(?:content-guide|spec|platform-facts|conventions\.md|notes|hooks)/;
  const found = files
    .filter(
      (f) =>
        /\.(md|mdx|ts|tsx|mjs|js|cjs|json|jsonc|ya?ml|sh|py)$|^\.|\/\.|rc$/.test(f) && !f.endsWith('reference.json'),
    )
    .filter((f) => {
      try {
        return outside.test(readFileSync(f, 'utf8'));
      } catch {
        return false;
      }
    });
  assert.deepEqual(found, []);
});
