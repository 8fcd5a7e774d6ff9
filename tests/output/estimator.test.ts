// The estimator's figures in the built site: every `:gpu-mem{…}` a page writes is expanded in its HTML (none is left
// as text, which is what Docusaurus does with a directive no plugin handles), in the per-page Markdown and in
// llms-full.txt, and a figure reads what the estimating function computes.
import {test} from 'node:test';
import assert from 'node:assert/strict';
import {readFileSync} from 'node:fs';
import {join} from 'node:path';
import {buildDir, builtText, sitemapPaths} from './output';
import {figureText} from '../../src/estimator/markdown';

test('no estimator directive is left unexpanded in the built pages and llms files', () => {
  const pages = sitemapPaths().filter((p) => p.startsWith('/docs/'));
  const left = pages.filter((p) => /gpu-mem|estimator-table/.test(builtText(p).replace(/<pre[\s\S]*?<\/pre>/g, '')));
  assert.deepEqual(left, []);
  assert.doesNotMatch(readFileSync(join(buildDir, 'llms-full.txt'), 'utf8'), /:gpu-mem\{|::estimator-table/);
});

test('a page’s figure is the estimating function’s (quick start: LoRA on Qwen3-8B)', () => {
  const html = builtText('/docs/documents/quickstart/start');
  const figure = figureText({model: 'qwen3-8b'});
  // Minified HTML leaves out the closing </td>.
  const cell = new RegExp(`LoRA 微调 Qwen3-8B(?:</td>)?<td>约 ${figure} GB<`);
  assert.ok(cell.test(html), `the quick start's table lacks ${cell}`);
  assert.match(
    readFileSync(join(buildDir, 'docs/documents/quickstart/start.md'), 'utf8'),
    new RegExp(`约 ${figure} GB`),
  );
});
