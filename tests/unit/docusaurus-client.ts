// Lets a unit test require Docusaurus's client code (theme components and hooks) in Node: the webpack aliases
// (@theme/*, @docusaurus/<Export>, @generated/*: the site config and the translations from i18n/zh-Hans) are resolved, CSS becomes an
// empty module, and the ES modules with JSX that the Docusaurus packages ship as .js are compiled to CommonJS.
import fs from 'node:fs';
import Module from 'node:module';
import os from 'node:os';
import path from 'node:path';
import ts from 'typescript';

type Resolve = (request: string, parent: unknown, ...rest: unknown[]) => string;
type Loader = (module: {_compile: (code: string, file: string) => void}, file: string) => void;
const M = Module as unknown as {_resolveFilename: Resolve; _extensions: Record<string, Loader>};

const root = process.cwd();
// Real path: node_modules may be a symlink (worktrees), and module file names are real paths.
const docusaurus = fs.realpathSync(path.join(root, 'node_modules', '@docusaurus'));
const empty = path.join(__dirname, 'fixtures', 'empty.json');
const tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'docusaurus-client-'));
// The site config as the client reads it (@generated/docusaurus.config): the JSON of docusaurus.config.ts.
const siteConfig = path.join(tmp, 'docusaurus.config.json');
// eslint-disable-next-line @typescript-eslint/no-require-imports
fs.writeFileSync(siteConfig, JSON.stringify(require(path.join(root, 'docusaurus.config.ts')).default));
// The site's translations, as the build hands them to translate(): {id: message}.
const codeTranslations = path.join(tmp, 'code.json');
const codeJson = JSON.parse(fs.readFileSync(path.join(root, 'i18n/zh-Hans/code.json'), 'utf8')) as Record<
  string,
  {message: string}
>;
fs.writeFileSync(
  codeTranslations,
  JSON.stringify(Object.fromEntries(Object.entries(codeJson).map(([id, t]) => [id, t.message]))),
);

function firstFile(candidates: string[]): string | undefined {
  return candidates.find((p) => fs.existsSync(p) && fs.statSync(p).isFile());
}

const resolveFilename = M._resolveFilename;
M._resolveFilename = function (request, parent, ...rest) {
  if (request === '@generated/codeTranslations') return codeTranslations;
  if (request === '@generated/docusaurus.config') return siteConfig;
  if (request.endsWith('.css') || request.startsWith('@generated/')) return empty;
  const core = /^@docusaurus\/([A-Za-z]+)$/.exec(request);
  const coreFile = core && firstFile([path.join(docusaurus, 'core/lib/client/exports', `${core[1]}.js`)]);
  if (coreFile) return coreFile;
  // As the build does: the site's own components first (not for @theme-original), then the classic theme, then core.
  const theme = /^@theme(-original)?\/(.+)$/.exec(request);
  if (theme) {
    const name = theme[2]!;
    const site = path.join(root, 'src/theme', name);
    const themes = ['theme-classic/lib/theme', 'theme-search-algolia/lib/theme', 'core/lib/client/theme-fallback'];
    const file = firstFile([
      ...(theme[1] ? [] : [`${site}/index.tsx`, `${site}.tsx`, `${site}/index.ts`]),
      ...themes.map((t) => path.join(docusaurus, t, name)).flatMap((base) => [`${base}/index.js`, `${base}.js`]),
    ]);
    if (file) return file;
  }
  return resolveFilename.call(this, request, parent, ...rest);
};

const loadJs = M._extensions['.js']!;
M._extensions['.js'] = function (module, file) {
  if (!file.startsWith(docusaurus) || !file.includes(`${path.sep}lib${path.sep}`)) return loadJs(module, file);
  const source = fs.readFileSync(file, 'utf8');
  if (!/^\s*(import|export)\s/m.test(source)) return loadJs(module, file);
  const {outputText} = ts.transpileModule(source, {
    compilerOptions: {
      jsx: ts.JsxEmit.ReactJSX,
      module: ts.ModuleKind.CommonJS,
      target: ts.ScriptTarget.ES2022,
      esModuleInterop: true,
    },
    fileName: file,
  });
  module._compile(outputText, file);
};
