// The build files src/plugins/route-preload.ts reads (.docusaurus/routes.js, routesChunkNames.json,
// client-manifest.json) still have the shape it parses, on the real build: every page of the sitemap has its chain of
// routes, the chain names chunks the manifest knows, and the page names exactly those files, which exist, for its starter
// to preload after the first paint. Guard of the
// route-preload-files entry in src/internals.ts.
import assert from 'node:assert/strict';
import {existsSync, readFileSync} from 'node:fs';
import {join} from 'node:path';
import {test} from 'node:test';
import {chunkFiles, routeChains} from '../../src/plugins/route-preload';
import {buildDir, builtText, sitemapPaths, testBuildDir} from './output';

const GENERATED = join(process.cwd(), '.docusaurus');

function generated(name: string): string {
  const file = join(GENERATED, name);
  assert.ok(
    existsSync(file),
    `Docusaurus no longer writes .docusaurus/${name}, which src/plugins/route-preload.ts reads`,
  );
  return readFileSync(file, 'utf8');
}

test('route-preload finds every page’s chunks in the build files Docusaurus writes', () => {
  const routesJs = generated('routes.js');
  const routesChunkNames = JSON.parse(generated('routesChunkNames.json')) as Record<string, unknown>;
  const manifest = JSON.parse(generated('client-manifest.json')) as Parameters<typeof chunkFiles>[0];
  assert.ok(Array.isArray(manifest.entrypoints) && manifest.origins && manifest.assets, 'client-manifest.json shape');

  // .docusaurus belongs to the last build, the production one or the test build (scripts/test.sh builds both).
  const mainFile = manifest.entrypoints
    .flatMap((name) => manifest.origins[name] ?? [])
    .flatMap((id) => manifest.assets[id]?.js ?? [])
    .map(({file}) => file)
    .find((file) => /main\.[0-9a-f]+\.js$/.test(file));
  assert.ok(mainFile, 'client-manifest.json names the main bundle among its entry points');
  const dir = [buildDir, testBuildDir].find((d) => existsSync(join(d, mainFile)));
  assert.ok(dir, `neither ${buildDir} nor ${testBuildDir} has ${mainFile}: build again`);

  const chains = routeChains(routesJs);
  const chunkNames = (entry: unknown): string[] =>
    typeof entry === 'string'
      ? [entry]
      : entry && typeof entry === 'object'
        ? Object.values(entry).flatMap(chunkNames)
        : [];
  const docs = sitemapPaths(dir).filter((path) => path.startsWith('/docs/'));
  assert.ok(docs.length > 50, `${docs.length} doc pages in the sitemap`);
  for (const path of docs) {
    const chain = chains.get(decodeURIComponent(path));
    assert.ok(chain && chain.length > 1, `${path}: no chain of layout routes in routes.js`);
    const names = chain.flatMap((key) => chunkNames(routesChunkNames[key]));
    assert.ok(names.length, `${path}: routesChunkNames.json names no chunks for ${chain.join(' > ')}`);
    const files = chunkFiles(manifest, names);
    assert.ok(files.length, `${path}: client-manifest.json has no files for ${names.join(', ')}`);
    const block = /<script type="?application\/json"? id="?__docusaurus-preloads"?>([^<]*)<\/script>/.exec(
      builtText(path, dir),
    );
    assert.ok(block, `${path}: no __docusaurus-preloads block`);
    assert.deepEqual(
      JSON.parse(block[1]!),
      files.map((file) => `/${file}`),
      `${path}: the route chunks named for the starter`,
    );
    for (const file of files) assert.ok(existsSync(join(dir, file)), `${path}: ${file} is not in ${dir}`);
  }
});
