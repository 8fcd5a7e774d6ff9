// src/lib/serverMarkup.tsx and the article blocks of src/theme/MDXComponents: which blocks keep the server's markup
// on hydration (only text, no link or component with behaviour), and that the server still renders them in full.
import './docusaurus-client';
import assert from 'node:assert/strict';
import {test} from 'node:test';
import React, {type ComponentType, type ReactNode} from 'react';
import {renderToStaticMarkup} from 'react-dom/server';

/* eslint-disable @typescript-eslint/no-require-imports -- resolved through docusaurus-client's aliases */
const {isPlainMarkup} = require('../../src/lib/serverMarkup') as typeof import('../../src/lib/serverMarkup');
const registry = require('../../src/theme/MDXComponents') as {
  default: Record<string, ComponentType<object>>;
  plain: import('../../src/lib/serverMarkup').PlainComponent;
};
const components = registry.default;
/* eslint-enable @typescript-eslint/no-require-imports */

const h = React.createElement;
const Plain = () => null;
const Other = () => null;
const plain = (type: unknown) => type === Plain;

test('text, plain elements and accepted components are plain markup', () => {
  assert.equal(isPlainMarkup('text', plain), true);
  assert.equal(isPlainMarkup(['a ', h('strong', null, 'b'), h('code', null, 'c'), null, false, 3], plain), true);
  assert.equal(isPlainMarkup(h('td', null, h('em', null, h(Plain, null, 'x'))), plain), true);
  assert.equal(isPlainMarkup(h(React.Fragment, null, h('br'), 'x'), plain), true);
});

test('a link, a handler, a ref, inner HTML or any other component is not plain markup, however deep', () => {
  assert.equal(isPlainMarkup(h('p', null, 'see ', h('a', {href: '/docs/x'}, 'x')), plain), false);
  assert.equal(isPlainMarkup(h('td', null, h('em', null, h(Other, null, 'x'))), plain), false);
  assert.equal(isPlainMarkup(h('span', {onClick: () => undefined}, 'x'), plain), false);
  assert.equal(isPlainMarkup(h('span', {ref: () => undefined}, 'x'), plain), false);
  assert.equal(isPlainMarkup(h('span', {dangerouslySetInnerHTML: {__html: '<b>x</b>'}}), plain), false);
  assert.equal(isPlainMarkup([h('b', null, 'ok'), [h(Other)]], plain), false);
});

test('the article blocks: inline code and list items are plain, a link or a code block is not', () => {
  const {
    p: P,
    ul: Ul,
    li: Li,
    code: Code,
    a: A,
    table: Table,
  } = components as Record<string, ComponentType<{href?: string}>>;
  const server = (node: ReactNode) => renderToStaticMarkup(h(React.Fragment, null, node));
  // The server renders every block in full (its markup is what the browser keeps).
  assert.equal(server(h(P!, null, 'a ', h(Code!, null, 'lora_rank'))), '<p>a <code>lora_rank</code></p>');
  assert.match(server(h(Ul!, null, h(Li!, null, h(P!, null, 'x')))), /^<ul><li[^>]*><p>x<\/p><\/li><\/ul>$/);
  assert.match(
    server(h(Table!, null, h('tbody', null, h('tr', null, h('td', null, 'x'))))),
    /<table><tbody><tr><td>x</,
  );
  // What the blocks decide with: the registry's own components; a code block (several lines) has a copy button.
  const registryPlain = registry.plain;
  assert.equal(isPlainMarkup(h(Ul!, null, h(Li!, null, h(P!, null, 'x'))), registryPlain), true);
  assert.equal(isPlainMarkup(h(Li!, null, h(Code!, null, 'a\nb')), registryPlain), false);
  assert.equal(isPlainMarkup(h(Li!, null, h(Table!, null)), registryPlain), false);
  assert.equal(isPlainMarkup(h(P!, null, 'a ', h(Code!, null, 'x')), registryPlain), true);
  assert.equal(isPlainMarkup(h(P!, null, 'a ', h(A!, {href: '/docs/x'}, 'x')), registryPlain), false);
});
