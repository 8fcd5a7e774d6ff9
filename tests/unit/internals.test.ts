// The seam (src/internals.ts): every framework internal the site relies on is listed there, and this test fails, loudly
// and with what to do, when one of them changes in node_modules: a pinned upstream file with new content, a source
// snippet that is gone, a DOM class that is no longer defined. It also scans the code for reaches into internals
// (theme aliases, deep imports, loaders and aliases in plugins, upstream classes in CSS and selectors) and fails on
// any that the list does not name, so a new one cannot be added silently. MAINTAINERS.md: 依赖框架内部细节的地方.
import assert from 'node:assert/strict';
import {createHash} from 'node:crypto';
import {existsSync, readdirSync, readFileSync} from 'node:fs';
import {extname, join, relative} from 'node:path';
import {describe, test} from 'node:test';
import {internals} from '../../src/internals';

const ROOT = join(import.meta.dirname, '..', '..');
const MODULES = join(ROOT, 'node_modules');
const CHECKLIST = 'see MAINTAINERS.md, 依赖框架内部细节的地方 (upgrade checklist)';

const sha256 = (file: string) => createHash('sha256').update(readFileSync(file)).digest('hex');
const upstream = (file: string) => {
  const path = join(MODULES, file);
  assert.ok(
    existsSync(path),
    `${file} no longer exists in node_modules: the internal it stood for moved; ${CHECKLIST}`,
  );
  return path;
};

describe('each internal is still what we rely on', () => {
  for (const entry of internals) {
    test(entry.id, () => {
      for (const file of [...entry.users, entry.guard]) {
        assert.ok(existsSync(join(ROOT, file)), `${entry.id}: ${file} is named in src/internals.ts but does not exist`);
      }
      for (const [file, expected] of Object.entries(entry.pinned ?? {})) {
        const actual = sha256(upstream(file));
        const package_ = file
          .split('/')
          .slice(0, file.startsWith('@') ? 2 : 1)
          .join('/');
        assert.equal(
          actual,
          expected,
          `${package_}'s ${file} changed (sha256 ${actual}): ${entry.users.join(', ')} ` +
            `${entry.id.startsWith('wrap') ? 'wraps' : 'copies or replaces'} it. ` +
            `${entry.id.startsWith('eject') ? 'Re-eject it and re-apply our change' : 'Review our file against the new version'}, ` +
            `then put the new hash in src/internals.ts; ${CHECKLIST}`,
        );
      }
      for (const {file, text} of entry.snippets ?? []) {
        assert.ok(
          readFileSync(upstream(file), 'utf8').includes(text),
          `${entry.id}: ${file} no longer contains ${JSON.stringify(text)}, which ${entry.users.join(', ')} rely on ` +
            `(${entry.what}); ${CHECKLIST}`,
        );
      }
      const definitions = (entry.definedIn ?? []).map((file) => readFileSync(upstream(file), 'utf8')).join('\n');
      for (const name of entry.classes ?? []) {
        assert.match(
          definitions,
          new RegExp(`(?<![\\w-])${name}(?![\\w-])`),
          `${entry.id}: class "${name}" is no longer in ${entry.definedIn!.join(', ')}; ${entry.users.join(', ')} ` +
            `use it; ${CHECKLIST}`,
        );
      }
    });
  }

  test('ids are unique', () => {
    const ids = internals.map((entry) => entry.id);
    assert.deepEqual(ids, [...new Set(ids)]);
  });
});

test('prism-react-renderer is imported at run time only where src/plugins/prism.ts can stub it out', () => {
  // The alias makes the package a stub in the bundles; a theme module that starts using it would get nothing.
  const importers = ['@docusaurus/theme-classic/lib', '@docusaurus/theme-common/lib']
    .flatMap((dir) => files(join(MODULES, dir)))
    .filter((file) => file.endsWith('.js'))
    .filter((file) => /(from |require\()['"]prism-react-renderer['"]/.test(readFileSync(file, 'utf8')))
    .map((file) => relative(MODULES, file))
    .sort();
  assert.deepEqual(
    importers,
    [
      // Node only (theme config validation), not bundled.
      '@docusaurus/theme-classic/lib/options.js',
      // Hands Prism to @theme/prism-include-languages, which is ours and ignores it.
      '@docusaurus/theme-classic/lib/prism-include-languages.js',
      // Replaced by src/theme/CodeBlock/Content.
      '@docusaurus/theme-classic/lib/theme/CodeBlock/Content/index.js',
    ],
    `theme-classic or theme-common imports prism-react-renderer somewhere new; src/prism/packageStub.ts would break it; ${CHECKLIST}`,
  );
  assert.ok(existsSync(join(ROOT, 'src/theme/CodeBlock/Content/index.tsx')));
  assert.ok(existsSync(join(ROOT, 'src/theme/prism-include-languages.ts')));
});

// --- Every reach into internals is listed -------------------------------------------------------------------------

const SCANNED = ['src', 'tests', 'scripts'];
const SKIP = new Set(['src/internals.ts', 'tests/unit/internals.test.ts']);
const CODE = new Set(['.ts', '.tsx', '.js', '.mjs', '.cjs']);

function files(dir: string): string[] {
  return readdirSync(dir, {recursive: true, withFileTypes: true})
    .filter((entry) => entry.isFile())
    .map((entry) => join(entry.parentPath, entry.name));
}

const sources = [...SCANNED.flatMap((dir) => files(join(ROOT, dir))), join(ROOT, 'docusaurus.config.ts')]
  .map((file) => relative(ROOT, file))
  .filter((file) => (CODE.has(extname(file)) || file.endsWith('.css')) && !SKIP.has(file))
  .filter((file) => !file.includes('/__pycache__/'));
const text = (file: string) => readFileSync(join(ROOT, file), 'utf8');
const users = new Set(internals.flatMap((entry) => entry.users));

/** What counts as a reach into internals, in code. */
const REACHES: Array<[string, RegExp]> = [
  ['a theme alias to the original or initial component', /['"]@theme-(original|init)\//],
  ['a deep import of a Docusaurus package', /(@docusaurus\/|['"])(core|theme-[a-z-]+|plugin-[a-z-]+)\/(lib|src)\//],
  ['theme-common internals', /@docusaurus\/theme-common\/internal['"]/],
  ['a bundler loader, alias or module replacement', /\buse: \[|\balias: \{|NormalModuleReplacementPlugin/],
  ['a build file of .docusaurus', /routesChunkNames|client-manifest|['"]routes\.js['"]/],
  ['the window.docusaurus global', /window\.docusaurus\b|DocusaurusGlobal/],
  ['a copy of core’s page template', /\bit\.(appHtml|preBodyTags|postBodyTags)\b/],
];

test('every reach into framework internals in the code is listed in src/internals.ts', () => {
  const unlisted = sources.flatMap((file) =>
    REACHES.filter(([, pattern]) => pattern.test(text(file)))
      .filter(() => !users.has(file))
      .map(([what]) => `${file}: ${what}`),
  );
  const allowed = new Set([
    // It names the alias prefixes in order not to count them as packages.
    'tests/unit/dependencies.test.ts: a theme alias to the original or initial component',
    'tests/unit/dependencies.test.ts: theme-common internals',
  ]);
  assert.deepEqual(
    unlisted.filter((reach) => !allowed.has(reach)),
    [],
    'add each to src/internals.ts with the test that guards it',
  );
});

test('every swizzled component is listed in src/internals.ts', () => {
  const components = files(join(ROOT, 'src/theme'))
    .map((file) => relative(ROOT, file))
    .filter((file) => /\/index\.tsx?$/.test(file) || /^src\/theme\/[^/]+\.tsx?$/.test(file))
    .filter((file) => !file.endsWith('.d.ts'));
  assert.deepEqual(
    components.filter((file) => !users.has(file)),
    [],
    'add each swizzle to src/internals.ts (eject: pin the file copied; unsafe wrap: pin the file wrapped)',
  );
});

/** Class names a stylesheet's global selectors use (CSS modules: only inside :global()). */
export function globalClasses(css: string, module: boolean): string[] {
  const code = css.replace(/\/\*[\s\S]*?\*\//g, '');
  const scopes = module
    ? [...code.matchAll(/:global\(([^)]*)\)/g)].map((m) => m[1]!)
    : [code.replace(/\{[^}]*\}/g, '{}')];
  return scopes.flatMap((scope) => [...scope.matchAll(/\.(-?[A-Za-z_][\w-]*)/g)].map((m) => m[1]!));
}

/** Class names in the selectors a script queries, and in class attributes that borrow DocSearch's markup. */
export function scriptClasses(source: string): string[] {
  const selectors = [...source.matchAll(/\b(?:querySelector(?:All)?|closest|matches)\(\s*['"`]([^'"`]+)/g)].map(
    (m) => m[1]!,
  );
  const fromSelectors = selectors.flatMap((s) => [...s.matchAll(/\.(-?[A-Za-z_][\w-]*)/g)].map((m) => m[1]!));
  const borrowed = [...source.matchAll(/className=["']([^"']+)["']/g)].flatMap((m) =>
    m[1]!.split(/\s+/).filter((name) => name.startsWith('DocSearch-')),
  );
  return [...fromSelectors, ...borrowed];
}

/** Global classes this site defines itself for its own components, not upstream's: sr-only (src/css/custom.css) and
 * the paste offer in the search modal (src/theme/SearchBar/modal.css). */
const OWN_GLOBAL_CLASSES = ['sr-only', 'search-paste-offer'];

test('every upstream DOM class our CSS and scripts use is listed in src/internals.ts (Infima’s are public)', () => {
  const infima = readFileSync(join(MODULES, 'infima/dist/css/default/default.css'), 'utf8');
  const listed = new Set(internals.flatMap((entry) => entry.classes ?? []));
  const used = sources
    .filter((file) => file.startsWith('src/'))
    .flatMap((file) => {
      const names = file.endsWith('.css')
        ? globalClasses(text(file), file.endsWith('.module.css'))
        : scriptClasses(text(file));
      return names.map((name) => ({file, name}));
    });
  assert.ok(
    used.some(({name}) => name === 'DocSearch-Modal'),
    'the scan finds the classes it should',
  );
  const unlisted = used.filter(
    ({name}) =>
      !listed.has(name) && !OWN_GLOBAL_CLASSES.includes(name) && !new RegExp(`\\.${name}(?![\\w-])`).test(infima),
  );
  assert.deepEqual(
    unlisted.map(({file, name}) => `${file}: .${name}`),
    [],
    'add each class to an entry of src/internals.ts, with the upstream file that defines it (or, if src/css/custom.css defines it for our own components, to OWN_GLOBAL_CLASSES here)',
  );
});

test('the scans find what they look for', () => {
  assert.deepEqual(globalClasses('/* .no */ .a .b:hover, x.c {color: red} .d{}', false), ['a', 'b', 'c', 'd']);
  assert.deepEqual(globalClasses('.local {} :global(.DocSearch-Modal) .x {}', true), ['DocSearch-Modal']);
  assert.deepEqual(scriptClasses(`el.querySelector('.DocSearch-Input'); <div className="DocSearch-Title x"/>`), [
    'DocSearch-Input',
    'DocSearch-Title',
  ]);
  for (const [what, pattern] of REACHES)
    assert.ok(
      sources.some((file) => pattern.test(text(file))),
      what,
    );
});
