// src/prism stands in for prism-react-renderer (src/plugins/prism.ts). Its Highlight, with the tokenizer the browser
// loads on demand, must render exactly what the package renders, given the same Prism languages: checked here on every
// code block of the docs.
import './docusaurus-client';
import assert from 'node:assert/strict';
import {readdirSync, readFileSync} from 'node:fs';
import {join} from 'node:path';
import {createRequire} from 'node:module';
import {test} from 'node:test';
import React, {type ReactNode} from 'react';
import {renderToStaticMarkup} from 'react-dom/server';
import * as real from 'prism-react-renderer';
import {Highlight, type Tokenize} from '../../src/prism/highlight';
import {Prism, tokenize} from '../../src/prism/tokenize';
import config from '../../docusaurus.config';

const require = createRequire(import.meta.url);
const languages = config.themeConfig.prism.additionalLanguages;

// The package's own Prism gets the same languages, as the theme's prism-include-languages gives them (via the global).
for (const lang of languages) {
  const source = readFileSync(require.resolve(`prismjs/components/prism-${lang}`), 'utf8');
  new Function('Prism', source)(real.Prism);
}

/** Every fenced code block in the docs, with its language. */
function docBlocks(): {language: string; code: string; file: string}[] {
  const blocks = [];
  const files = readdirSync('docs', {recursive: true, encoding: 'utf8'}).filter((f) => /\.mdx?$/.test(f));
  for (const file of files) {
    const text = readFileSync(join('docs', file), 'utf8');
    for (const m of text.matchAll(/^([ \t]*)```([a-z]+)[^\n]*\n([\s\S]*?)\n\1```/gm)) {
      if (m[2] !== 'mermaid') blocks.push({language: m[2]!, code: m[3]!, file});
    }
  }
  return blocks;
}

const theme = config.themeConfig.prism.theme;

/** `tokenizer` null: as before src/prism/tokenize.ts has loaded. */
function render(H: typeof Highlight, code: string, language: string, tokenizer: Tokenize | null = tokenize): string {
  return renderToStaticMarkup(
    React.createElement(H, {
      code,
      language,
      theme,
      tokenize: tokenizer ?? undefined,
      children: ({className, style, tokens, getLineProps, getTokenProps}: real.RenderProps): ReactNode =>
        React.createElement(
          'pre',
          {className, style},
          tokens.map((line, i) =>
            React.createElement(
              'div',
              {key: i, ...getLineProps({line})},
              line.map((token, k) => React.createElement('span', {key: k, ...getTokenProps({token})})),
            ),
          ),
        ),
    }),
  );
}

test('the configured languages are the ones the docs use, and each is highlighted', () => {
  const used = new Set(docBlocks().map((b) => b.language));
  for (const lang of used) {
    if (lang === 'text') continue;
    assert.ok(Prism.languages[lang], `${lang} is used in the docs but not in prism.additionalLanguages`);
  }
  assert.ok(Prism.tokenize('ls -la', Prism.languages.bash!).length > 1, 'bash is tokenized');
});

test('Highlight renders every code block of the docs exactly as prism-react-renderer does', () => {
  const blocks = docBlocks();
  assert.ok(blocks.length > 500, `found ${blocks.length} code blocks`);
  for (const {language, code, file} of blocks) {
    const ours = render(Highlight, code, language);
    const theirs = render(real.Highlight as unknown as typeof Highlight, code, language);
    assert.equal(ours, theirs, `${file}: a ${language} block renders differently`);
  }
});

test('without the tokenizer (not loaded yet), the code renders as the same lines in plain text', () => {
  const code = 'pip install -e ".[torch,metrics]"\n\nllamafactory-cli version';
  const html = render(Highlight, code, 'bash', null);
  assert.equal(html.match(/class="token-line"/g)?.length, 3);
  assert.doesNotMatch(html, /class="token (?!plain)/, 'no highlighted token');
  assert.match(html, /class="prism-code language-bash"/);
  assert.match(html, /llamafactory-cli version/);
});

test('an unknown language renders as plain text lines', () => {
  const html = render(Highlight, 'a\n\nb', 'klingon');
  assert.equal(html.match(/class="token-line"/g)?.length, 3);
  assert.match(html, /class="token plain"/);
  assert.match(html, /style="display:inline-block"/, 'the empty line keeps its height');
});
