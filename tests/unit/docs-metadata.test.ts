// src/plugins/docs-metadata.ts: the version metadata that every doc page loads leaves out the docs' descriptions, which
// only category cards (DocCard) would show; the site must have no such cards.
import assert from 'node:assert/strict';
import {createRequire} from 'node:module';
import {test} from 'node:test';
import sidebars from '../../sidebars';
import {loadSiteDocs} from '../../src/content/site';

const require = createRequire(import.meta.url);
const loader = require('../../src/plugins/docsMetadataLoader.cjs') as (source: string) => string;

test('the loader drops each doc description from the version metadata and keeps the rest', () => {
  const version = {
    version: 'current',
    docsSidebars: {documentsSidebar: [{type: 'link', href: '/docs/documents/introduct', label: '平台介绍'}]},
    docs: {
      'documents/introduct': {id: 'documents/introduct', title: '平台介绍', description: '一句话描述', sidebar: 's'},
    },
  };
  const out = JSON.parse(loader(JSON.stringify({version})));
  assert.deepEqual(out.version.docs['documents/introduct'], {
    id: 'documents/introduct',
    title: '平台介绍',
    sidebar: 's',
  });
  assert.deepEqual(out.version.docsSidebars, version.docsSidebars);
  const other = JSON.stringify({id: 'documents/introduct', description: '单页的描述'});
  assert.equal(loader(other), other, 'other data files of the docs plugin pass through');
});

test('nothing on the site shows doc descriptions from the version metadata (category cards)', async () => {
  interface Category {
    type: 'category';
    label: string;
    link?: {type: string};
    items: unknown[];
  }
  const categories: Category[] = [];
  const walk = (items: unknown[]) => {
    for (const item of items as Partial<Category>[]) {
      if (item?.type !== 'category') continue;
      categories.push(item as Category);
      walk(item.items ?? []);
    }
  };
  for (const items of Object.values(sidebars)) walk(items as unknown[]);
  assert.ok(categories.length > 3, 'the sidebar has categories');
  const generated = categories.filter((c) => c.link?.type === 'generated-index').map((c) => c.label);
  assert.deepEqual(generated, [], 'categories with a generated index (cards with descriptions)');
  const withCards = (await loadSiteDocs()).docs.filter((d) => /DocCard/.test(d.text)).map((d) => d.id);
  assert.deepEqual(withCards, [], 'pages that render DocCardList');
});
