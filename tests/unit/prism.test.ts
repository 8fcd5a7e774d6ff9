// src/prism stands in for prism-react-renderer (src/plugins/prism.ts). Its Highlight, with the tokenizer the browser
// loads on demand, must render the elements and classes the package renders, given the same Prism languages, and its
// tokens' CSS variables, with the stylesheet of src/prism/themeCss.ts, must resolve to the colours the package writes
// inline, in both modes: checked here on every code block of the docs.
import './docusaurus-client';
import assert from 'node:assert/strict';
import {readFileSync} from 'node:fs';
import {relative} from 'node:path';
import {createRequire} from 'node:module';
import {test} from 'node:test';
import React, {type CSSProperties, type ReactNode} from 'react';
import {renderToStaticMarkup} from 'react-dom/server';
import * as real from 'prism-react-renderer';
import {Highlight, type Tokenize} from '../../src/prism/highlight';
import {Prism, tokenize} from '../../src/prism/tokenize';
import {MODE_SCOPES, prismThemeCss, styledProperties, tokenStyle} from '../../src/prism/themeCss';
import config from '../../docusaurus.config';
import {codeBlocks} from '../../src/content';
import {loadSiteDocs, siteSettings} from '../../src/content/site';

const require = createRequire(import.meta.url);
const languages = config.themeConfig.prism.additionalLanguages;

// The package's own Prism gets the same languages, as the theme's prism-include-languages gives them (via the global).
for (const lang of languages) {
  const source = readFileSync(require.resolve(`prismjs/components/prism-${lang}`), 'utf8');
  new Function('Prism', source)(real.Prism);
}

/** Every fenced code block in the docs with a language (diagrams aside), from the content pipeline. */
const docBlocksLoaded = loadSiteDocs().then(({docs}) =>
  docs.flatMap((doc) =>
    codeBlocks(doc)
      .filter((b) => b.lang && b.lang !== 'mermaid')
      .map((b) => ({language: b.lang, code: b.code, file: relative(siteSettings.siteDir, doc.filePath)})),
  ),
);
const docBlocks = () => docBlocksLoaded;

/**
 * Languages the docs use that the site shows as plain text: `markdown` (the page template of
 * best-practice/template.md, a four-backtick block the earlier regex scan split at its inner fences) is not in
 * prism.additionalLanguages, so src/prism draws it unhighlighted where prism-react-renderer would highlight it.
 */
const UNHIGHLIGHTED = new Set(['text', 'markdown']);

const {theme: lightTheme, darkTheme} = config.themeConfig.prism;
const styled = styledProperties([lightTheme, darkTheme!]);

/** `tokenizer` null: as before src/prism/tokenize.ts has loaded. */
function render(code: string, language: string, tokenizer: Tokenize | null = tokenize): string {
  return renderToStaticMarkup(
    React.createElement(Highlight, {code, language, styled, tokenize: tokenizer ?? undefined, children: lines}),
  );
}

function renderTheirs(code: string, language: string): string {
  return renderToStaticMarkup(
    React.createElement(real.Highlight, {code, language, theme: lightTheme, children: lines}),
  );
}

type LinesProps = Omit<real.RenderProps, 'style'> & {style?: CSSProperties};

/** A block as the theme's CodeBlock draws it: a <pre> of line <div>s of token <span>s. */
function lines({className, style, tokens, getLineProps, getTokenProps}: LinesProps): ReactNode {
  return React.createElement(
    'pre',
    {className, style},
    tokens.map((line, i) =>
      React.createElement(
        'div',
        {key: i, ...getLineProps({line})},
        line.map((token, k) => React.createElement('span', {key: k, ...getTokenProps({token})})),
      ),
    ),
  );
}

/** Markup without the tokens' colours (the package's values, our variables): only the empty tokens' display stays. */
function withoutColours(html: string): string {
  return html.replace(/ style="([^"]*)"/g, (_, style: string) =>
    /display:inline-block/.test(style) ? ' style="display:inline-block"' : '',
  );
}

/** The variables that the stylesheet defines for a block of `language` in `mode` (its format: one rule per line). */
function cssVariables(css: string, mode: keyof typeof MODE_SCOPES, language: string): Map<string, string> {
  const vars = new Map<string, string>();
  for (const rule of css.trim().split('\n')) {
    const [, selector, body] = /^(.*)\{(.*)\}$/.exec(rule)!;
    const block = new RegExp(`^${escape(MODE_SCOPES[mode])} \\.prism-code(?:\\.language-([\\w-]+))?$`).exec(selector!);
    if (!block || (block[1] !== undefined && block[1] !== language)) continue;
    for (const decl of body!.split(';')) {
      const i = decl.indexOf(':');
      vars.set(decl.slice(0, i), decl.slice(i + 1));
    }
  }
  return vars;
}

const escape = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** Our inline style with its var() chains resolved as the browser does: the first defined variable, else nothing. */
function resolvedStyle(style: object | undefined, vars: Map<string, string>): Record<string, string> {
  const resolved: Record<string, string> = {};
  for (const [prop, value] of Object.entries(style ?? {})) {
    const value_ = [...String(value).matchAll(/--[\w-]+/g)].map(([name]) => vars.get(name)).find((v) => v);
    if (value_ !== undefined) resolved[prop] = value_;
  }
  return resolved;
}

/** The package's inline token style, without the empty tokens' display. */
function inlineStyle(style: object | undefined): Record<string, string> {
  return Object.fromEntries(
    Object.entries(style ?? {})
      .filter(([prop, value]) => prop !== 'display' && value !== undefined)
      .map(([prop, value]) => [prop, String(value)]),
  );
}

test('the configured languages are the ones the docs use, and each is highlighted', async () => {
  const used = new Set((await docBlocks()).map((b) => b.language));
  for (const lang of used) {
    if (UNHIGHLIGHTED.has(lang)) continue;
    assert.ok(Prism.languages[lang], `${lang} is used in the docs but not in prism.additionalLanguages`);
  }
  assert.ok(Prism.tokenize('ls -la', Prism.languages.bash!).length > 1, 'bash is tokenized');
});

test('Highlight renders every code block of the docs as prism-react-renderer does, but for the colours', async () => {
  const blocks = await docBlocks();
  assert.ok(blocks.length > 500, `found ${blocks.length} code blocks`);
  for (const {language, code, file} of blocks) {
    if (language !== 'text' && UNHIGHLIGHTED.has(language)) continue;
    assert.equal(
      withoutColours(render(code, language)),
      withoutColours(renderTheirs(code, language)),
      `${file}: a ${language} block`,
    );
  }
});

test("every token of the docs resolves to prism-react-renderer's inline colours, in both modes", async () => {
  const css = prismThemeCss(lightTheme, darkTheme!);
  let checked = 0;
  for (const [mode, theme] of [
    ['light', lightTheme],
    ['dark', darkTheme!],
  ] as const) {
    assert.ok(css.includes(`${MODE_SCOPES[mode]} .theme-code-block{--prism-color:${theme.plain.color};`), mode);
    for (const {language, code} of await docBlocks()) {
      const vars = cssVariables(css, mode, language.toLowerCase());
      const collect = ({tokens, getTokenProps}: real.RenderProps) => {
        for (const token of tokens.flat()) {
          const expected = inlineStyle(getTokenProps({token}).style);
          const ours = resolvedStyle(tokenStyle(token.types, styled), vars);
          assert.deepEqual(ours, expected, `${mode} ${language} ${token.types}`);
          checked++;
        }
        return null;
      };
      renderToStaticMarkup(React.createElement(real.Highlight, {code, language, theme, children: collect}));
    }
  }
  assert.ok(checked > 20_000, `${checked} tokens checked`);
});

test('without the tokenizer (not loaded yet), the code renders as the same lines in plain text', () => {
  const code = 'pip install -e ".[torch,metrics]"\n\nllamafactory-cli version';
  const html = render(code, 'bash', null);
  assert.equal(html.match(/class="token-line"/g)?.length, 3);
  assert.doesNotMatch(html, /class="token (?!plain)/, 'no highlighted token');
  assert.match(html, /class="prism-code language-bash"/);
  assert.match(html, /llamafactory-cli version/);
});

test('an unknown language renders as plain text lines', () => {
  const html = render('a\n\nb', 'klingon');
  assert.equal(html.match(/class="token-line"/g)?.length, 3);
  assert.match(html, /class="token plain"/);
  assert.match(html, /style="display:inline-block"/, 'the empty line keeps its height');
});

/** WCAG relative luminance of `#rgb`, `#rrggbb` or `rgb(r, g, b)`. */
function luminance(colour: string): number {
  const hex = /^#([0-9a-f]{3}|[0-9a-f]{6})$/i.exec(colour)?.[1];
  const channels = hex
    ? (hex.length === 3 ? [...hex].map((c) => c + c) : hex.match(/../g)!).map((h) => parseInt(h, 16))
    : /^rgb\((\d+), *(\d+), *(\d+)\)$/.exec(colour)!.slice(1).map(Number);
  const [r, g, b] = channels.map((c) => {
    const s = c / 255;
    return s <= 0.03928 ? s / 12.92 : ((s + 0.055) / 1.055) ** 2.4;
  });
  return 0.2126 * r! + 0.7152 * g! + 0.0722 * b!;
}

// Every token colour that the docs' code blocks get reaches 4.5:1 (WCAG AA) on the block's background, in both code
// themes, so the accessibility e2e test need not run axe's colour check over the tokens of every code block of every
// page (it does on a sample). Colours a theme has for tokens our blocks never produce (vsLight's red attr-name, 4:1,
// is for HTML) are not counted; a new language that brings one fails here.
for (const [mode, theme] of [
  ['light', lightTheme],
  ['dark', darkTheme!],
] as const) {
  test(`every token colour the docs' code blocks get in ${mode} mode has at least 4.5:1 contrast`, async () => {
    const background = luminance(theme.plain.backgroundColor!);
    const used = new Set<string>();
    for (const {code, language} of await docBlocks()) {
      const html = renderToStaticMarkup(React.createElement(real.Highlight, {code, language, theme, children: lines}));
      for (const m of html.matchAll(/(?<![\w-])color:([^;"]+)/g)) used.add(m[1]!.trim());
    }
    assert.ok(used.size > 3, `${used.size} colours`);
    for (const colour of used) {
      const [hi, lo] = [luminance(colour), background].sort((a, b) => b - a);
      const ratio = (hi! + 0.05) / (lo! + 0.05);
      assert.ok(ratio >= 4.5, `${colour} on ${theme.plain.backgroundColor}: ${ratio.toFixed(2)}:1`);
    }
  });
}
