// Every package the code imports is declared in package.json, so a strict package manager (pnpm, Yarn PnP, npm with
// install-links) installs a working site: a module that is only there because another package hoisted it is a build
// that breaks on the next dependency update. Scans src/, scripts/, tests/ and the config files for bare imports
// (static, dynamic, require, require.resolve and createRequire(...).resolve, type imports included); the browser and
// build code (src/, docusaurus.config.ts, sidebars.ts) must find its runtime imports in `dependencies`.
import assert from 'node:assert/strict';
import {readdirSync, readFileSync} from 'node:fs';
import {builtinModules} from 'node:module';
import {dirname, extname, join, relative, sep} from 'node:path';
import {describe, test} from 'node:test';

const ROOT = join(import.meta.dirname, '..', '..');
const pkg = JSON.parse(readFileSync(join(ROOT, 'package.json'), 'utf8')) as {
  dependencies: Record<string, string>;
  devDependencies: Record<string, string>;
};
const CODE = new Set(['.ts', '.tsx', '.js', '.mjs', '.cjs']);
const CONFIG_FILES = ['docusaurus.config.ts', 'sidebars.ts', 'playwright.config.ts', 'eslint.config.mjs'];

/** Module ids Docusaurus resolves itself: theme and site aliases, generated data, the core's client API. */
const ALIAS_PREFIXES = ['@theme/', '@theme-original/', '@theme-init/', '@site/', '@generated/'];
const DOCUSAURUS_CLIENT_API = new Set(
  [
    ...readFileSync(join(ROOT, 'node_modules/@docusaurus/module-type-aliases/src/index.d.ts'), 'utf8').matchAll(
      /declare module '(@docusaurus\/[^']+)'/g,
    ),
  ].map((m) => m[1]!),
);

export interface Import {
  specifier: string;
  typeOnly: boolean;
}

/** The bare module specifiers a source file imports (relative and absolute paths left out). */
export function importsOf(source: string): Import[] {
  return specifiersOf(source).filter(({specifier}) => !specifier.startsWith('.') && !specifier.startsWith('/'));
}

/** Every module specifier a source file imports, relative ones included. */
export function specifiersOf(source: string): Import[] {
  const found: Import[] = [];
  const patterns: Array<[RegExp, boolean | ((m: RegExpMatchArray) => boolean)]> = [
    [/^\s*(import|export)\s+(type\s+)?[^'"`;]*?\bfrom\s+['"]([^'"]+)['"]/gm, (m) => !!m[2]],
    [/^\s*import\s+['"]([^'"]+)['"]/gm, false],
    [/\bimport\(\s*['"`]([^'"`$]+)/g, false],
    [/\brequire(?:\.resolve)?\(\s*['"`]([^'"`$]+)/g, false],
    [/\)\.resolve\(\s*['"`]([^'"`$]+)/g, false],
  ];
  for (const [pattern, typeOnly] of patterns) {
    for (const match of source.matchAll(pattern)) {
      const specifier = match[match.length - 1]!;
      found.push({specifier, typeOnly: typeof typeOnly === 'function' ? typeOnly(match) : typeOnly});
    }
  }
  return found;
}

/** The package an import names, or null for built-ins and the aliases Docusaurus resolves. */
export function packageOf(specifier: string): string | null {
  if (specifier.startsWith('node:') || builtinModules.includes(specifier.split('/')[0]!)) return null;
  if (ALIAS_PREFIXES.some((prefix) => specifier.startsWith(prefix))) return null;
  if (DOCUSAURUS_CLIENT_API.has(specifier)) return null;
  const parts = specifier.split('/');
  return specifier.startsWith('@') ? parts.slice(0, 2).join('/') : parts[0]!;
}

function* sourceFiles(dir: string): Generator<string> {
  for (const entry of readdirSync(dir, {withFileTypes: true})) {
    if (entry.name === 'fixtures' || entry.name === 'node_modules') continue;
    const path = join(dir, entry.name);
    if (entry.isDirectory()) yield* sourceFiles(path);
    else if (CODE.has(extname(entry.name))) yield path;
  }
}

function undeclared(): string[] {
  const problems: string[] = [];
  const files = [
    ...['src', 'scripts', 'tests'].flatMap((d) => [...sourceFiles(join(ROOT, d))]),
    ...CONFIG_FILES.map((f) => join(ROOT, f)),
  ];
  for (const file of files) {
    const path = relative(ROOT, file);
    // This file's own samples (in the scanner test below) are text, not imports.
    if (path === 'tests/unit/dependencies.test.ts') continue;
    const declarationFile = path.endsWith('.d.ts');
    // Declarations of modules (`declare module 'x' {...}`) describe a module, they do not import it.
    const source = readFileSync(file, 'utf8').replace(/^declare module ['"][^'"]+['"]/gm, '');
    const shipped = path.startsWith('src/') || path === 'docusaurus.config.ts' || path === 'sidebars.ts';
    for (const imported of importsOf(source)) {
      const name = packageOf(imported.specifier);
      if (!name) continue;
      const typeOnly = imported.typeOnly || declarationFile;
      const declared = (n: string) => n in pkg.dependencies || n in pkg.devDependencies;
      // A type-only import may be served by the package or by its DefinitelyTyped package (`mdast` → @types/mdast).
      const typesPackage = `@types/${name.replace(/^@([^/]+)\//, '$1__')}`;
      if (shipped && !typeOnly && !(name in pkg.dependencies)) {
        problems.push(`${path}: '${imported.specifier}' → add ${name} to dependencies`);
      } else if (!declared(name) && !(typeOnly && declared(typesPackage))) {
        const where = shipped && !typeOnly ? 'dependencies' : 'devDependencies';
        problems.push(
          `${path}: '${imported.specifier}' → add ${typeOnly ? `${name} or ${typesPackage}` : name} to ${where}`,
        );
      }
    }
  }
  return [...new Set(problems)].sort();
}

/** The search builder's public entry: everything outside src/search/server imports it through this file only. */
const SEARCH_SERVER = 'src/search/server';

/**
 * Imports that break the one-way flow: library code and scripts never import from tests/, and nothing outside
 * src/search/server reaches behind its index.ts. `files` maps a path (relative to the root) to its source.
 */
export function wrongWayImports(files: Iterable<[string, string]>): string[] {
  const problems: string[] = [];
  for (const [path, source] of files) {
    for (const {specifier} of specifiersOf(source)) {
      if (!specifier.startsWith('.')) continue;
      const target = join(dirname(path), specifier).split(sep).join('/');
      if (!path.startsWith('tests/') && target.startsWith('tests/')) {
        problems.push(`${path}: imports ${specifier} from tests/`);
      }
      const inside = path.startsWith(`${SEARCH_SERVER}/`);
      const behind = target.startsWith(`${SEARCH_SERVER}/`) && !/^src\/search\/server\/index(\.ts)?$/.test(target);
      if (!inside && behind) problems.push(`${path}: imports ${specifier}; use ${SEARCH_SERVER}/index.ts`);
    }
  }
  return problems.sort();
}

describe('imports flow one way', () => {
  test('src/ and scripts/ never import from tests/; only src/search/server/index.ts is imported from outside it', () => {
    const files = [...['src', 'scripts', 'tests'].flatMap((d) => [...sourceFiles(join(ROOT, d))])].map(
      (file): [string, string] => [relative(ROOT, file).split(sep).join('/'), readFileSync(file, 'utf8')],
    );
    assert.deepEqual(wrongWayImports(files), []);
  });

  test('the check finds an import from tests/ and one behind the search entry', () => {
    assert.deepEqual(
      wrongWayImports([
        ['scripts/x.ts', "import {a} from '../tests/unit/helpers';"],
        ['src/plugins/y.ts', "import {b} from '../search/server/build';\nimport {c} from '../search/server';"],
        ['tests/unit/z.test.ts', "import {d} from './helpers';\nimport {e} from '../../src/search/server/index';"],
      ]),
      [
        'scripts/x.ts: imports ../tests/unit/helpers from tests/',
        'src/plugins/y.ts: imports ../search/server/build; use src/search/server/index.ts',
      ],
    );
  });
});

describe('declared dependencies', () => {
  test('every bare import names a package declared in package.json', () => {
    assert.deepEqual(undeclared(), []);
  });

  test('the scanner finds each kind of import and tells packages from aliases', () => {
    const source = [
      "import a from 'left-pad';",
      "import type {B} from '@scope/types/sub';",
      "export {c} from 'export-from';",
      "import 'side-effect/style.css';",
      "const d = await import('dynamic');",
      "const e = require('required');",
      'const f = require.resolve(`prismjs/components/prism-${lang}`);',
      "const g = createRequire(x).resolve('resolved');",
      "import h from './relative';",
    ].join('\n');
    assert.deepEqual(
      importsOf(source).map((i) => `${packageOf(i.specifier)}${i.typeOnly ? ' (type)' : ''}`),
      ['left-pad', '@scope/types (type)', 'export-from', 'side-effect', 'dynamic', 'required', 'prismjs', 'resolved'],
    );
    for (const alias of ['node:fs', 'path', '@theme/CodeBlock', '@site/src/x', '@docusaurus/Link', '@generated/x']) {
      assert.equal(packageOf(alias), null, alias);
    }
    assert.equal(packageOf('@docusaurus/theme-common/internal'), '@docusaurus/theme-common');
  });
});
