// The route chunks each page lists for preloading (src/plugins/route-preload.ts), on a small routes tree and manifest
// in the shapes Docusaurus writes (.docusaurus/routes.js, client-manifest.json).
import assert from 'node:assert/strict';
import {join} from 'node:path';
import {test} from 'node:test';
import {chunkFiles, routeChains, routeOfPage, withRoutePreloads} from '../../src/plugins/route-preload';

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

test("the chunks are named in a JSON block before the bundle's, for the starter; the <head> is left alone", () => {
  const page = (block: string) =>
    `<html><head><link rel=stylesheet href=/s.css></head><body><div id=__docusaurus></div>${block}` +
    '<script type=application/json id=__docusaurus-scripts>["/m.js"]</script><script>start()</script></body></html>';
  assert.equal(
    withRoutePreloads(page(''), ['/assets/js/a.js', '/assets/js/b.js']),
    page('<script type="application/json" id="__docusaurus-preloads">["/assets/js/a.js","/assets/js/b.js"]</script>'),
  );
  // Unminified, as the template writes it.
  assert.match(
    withRoutePreloads('<body><script type="application/json" id="__docusaurus-scripts">[]</script></body>', ['/a.js']),
    /^<body><script type="application\/json" id="__docusaurus-preloads">\["\/a.js"\]<\/script><script type=/,
  );
  assert.throws(() => withRoutePreloads('<html><head></head><body></body></html>', ['/a.js']), /__docusaurus-scripts/);
});
