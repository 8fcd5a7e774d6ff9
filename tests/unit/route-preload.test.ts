// The route chunks each page lists for preloading (src/plugins/route-preload.ts), on a small routes tree and manifest
// in the shapes Docusaurus writes (.docusaurus/routes.js, client-manifest.json).
import assert from 'node:assert/strict';
import {join} from 'node:path';
import {test} from 'node:test';
import {chunkFiles, routeChains, routeOfPage, withHeadPreloads} from '../../src/plugins/route-preload';

const ROUTES = `export default [
  {
    path: '/search',
    component: ComponentCreator('/search', '5de'),
    exact: true
  },
  {
    path: '/docs',
    component: ComponentCreator('/docs', '05d'),
    routes: [
      {
        path: '/docs',
        component: ComponentCreator('/docs', 'ba4'),
        routes: [
          {
            path: '/docs/documents/introduct',
            component: ComponentCreator('/docs/documents/introduct', '3c0'),
            exact: true
          }
        ]
      }
    ]
  },
  {
    path: '/',
    component: ComponentCreator('/', 'e5f'),
    exact: true
  },
  {
    path: '*',
    component: ComponentCreator('*'),
  },
];`;

test('each leaf route has its chain of layout routes, outermost first', () => {
  const chains = routeChains(ROUTES);
  assert.deepEqual(chains.get('/docs/documents/introduct'), [
    '/docs-05d',
    '/docs-ba4',
    '/docs/documents/introduct-3c0',
  ]);
  assert.deepEqual(chains.get('/search'), ['/search-5de']);
  assert.deepEqual(chains.get('/'), ['/-e5f']);
  assert.equal(chains.get('*'), undefined);
});

test('a page file names its route', () => {
  assert.equal(routeOfPage(join('docs', 'documents', 'introduct', 'index.html')), '/docs/documents/introduct');
  assert.equal(routeOfPage('index.html'), '/');
  assert.equal(routeOfPage(join('search', 'index.html')), '/search');
  assert.equal(routeOfPage('404.html'), '/404');
});

test('chunk files come with their dependencies, once each, without the entry chunks', () => {
  const manifest = {
    entrypoints: ['main'],
    origins: {main: ['1', '2'], aaa: ['7', '8', '3'], bbb: ['8', '4']},
    assets: Object.fromEntries(
      ['1', '2', '3', '4', '7', '8'].map((id) => [id, {js: [{file: `assets/js/${id}.abc.js`}]}]),
    ),
  };
  assert.deepEqual(chunkFiles(manifest, ['aaa', 'bbb', 'missing']), [
    'assets/js/7.abc.js',
    'assets/js/8.abc.js',
    'assets/js/3.abc.js',
    'assets/js/4.abc.js',
  ]);
});

test('the chunks are preloaded at low priority at the end of the <head>, after the stylesheet', () => {
  const html = withHeadPreloads('<html><head><link rel=stylesheet href=/s.css></head><body></body></html>', [
    '/assets/js/a.js',
    '/assets/js/b.js',
  ]);
  assert.equal(
    html,
    '<html><head><link rel=stylesheet href=/s.css><link rel="preload" href="/assets/js/a.js" as="script" ' +
      'fetchpriority="low"><link rel="preload" href="/assets/js/b.js" as="script" fetchpriority="low"></head>' +
      '<body></body></html>',
  );
});
