// Starts a page's route chunks with the site bundle. Docusaurus requests the chunks of the current route (the page's
// component, content, sidebar and their shared dependencies, about a dozen files) only once the bundle has run, one
// round trip after it: on slow 4G that is most of the time to hydration. With webpack and Babel the page template got
// these chunks as <script> tags (react-loadable reports the modules rendered), but the Rspack/SWC build of
// `future.v4` reports none, so the pages name only the bundle. This plugin lists each page's route chunks in the page
// (a JSON data block that the starter script of src/ssrTemplate.ts preloads when it starts the bundle), after the
// build, from two files of the build: routes.js / routesChunkNames.json (the
// chunk names of each route and of the layout routes around it) and client-manifest.json (the files of each chunk
// name, dependencies included). The host plugin (src/plugins/host.ts) waits for this before it reads the pages.
import {readFile, readdir, writeFile} from 'node:fs/promises';
import {join, relative, sep} from 'node:path';
import type {LoadContext, Plugin} from '@docusaurus/types';

interface ClientManifest {
  entrypoints: string[];
  origins: Record<string, string[]>;
  assets: Record<string, {js?: Array<{file: string}>}>;
}

/** Route path → the ComponentCreator keys of the route and its layout routes, outermost first (leaf routes only). */
export function routeChains(routesJs: string): Map<string, string[]> {
  const chains = new Map<string, string[]>();
  const stack: Array<{indent: number; key: string}> = [];
  for (const line of routesJs.split('\n')) {
    const match = /^(\s*)component: ComponentCreator\('([^']*)', '([^']*)'\)/.exec(line);
    if (!match) continue;
    const indent = match[1]!.length;
    const key = `${match[2]}-${match[3]}`;
    while (stack.length && stack.at(-1)!.indent >= indent) stack.pop();
    stack.push({indent, key});
    chains.set(
      match[2]!,
      stack.map((entry) => entry.key),
    );
  }
  return chains;
}

/** Every chunk name in a route's entry of routesChunkNames.json (values nest: `__context: {plugin: ...}`). */
function chunkNames(entry: unknown): string[] {
  if (typeof entry === 'string') return [entry];
  if (entry && typeof entry === 'object') return Object.values(entry).flatMap(chunkNames);
  return [];
}

/** The script files of the chunks `names`, with the chunks they depend on, in manifest order, without duplicates. */
export function chunkFiles(manifest: ClientManifest, names: string[]): string[] {
  const entry = new Set(manifest.entrypoints.flatMap((name) => manifest.origins[name] ?? []));
  const files: string[] = [];
  for (const name of names) {
    for (const id of manifest.origins[name] ?? []) {
      if (entry.has(id)) continue;
      for (const {file} of manifest.assets[id]?.js ?? []) if (!files.includes(file)) files.push(file);
    }
  }
  return files;
}

/** The route path a page file of the build stands for (`docs/a/index.html` → `/docs/a`). */
export function routeOfPage(path: string): string {
  const route = `/${path.split(sep).join('/')}`.replace(/(\/index)?\.html$/, '');
  return route === '' ? '/' : route;
}

/** The id of the list the page's starter script reads (src/ssrTemplate.ts). */
export const CHUNK_LIST_ID = '__docusaurus-route-chunks';

/**
 * The page with its route chunks listed for the starter script, which preloads them when it starts the bundle, after
 * the first frame. Preloaded from the <head> they would hydrate the page earlier still (3.2 s instead of 4.0 s on slow
 * 4G) but share the connection with the stylesheet and paint 0.13 s later than stock (`npm run bench:hydration`).
 */
export function withChunkList(html: string, hrefs: string[]): string {
  const list = `<script type="application/json" id="${CHUNK_LIST_ID}">${JSON.stringify(hrefs)}</script>`;
  return html.replace('</body>', `${list}</body>`);
}

export default function routePreloadPlugin(context: LoadContext): Plugin {
  return {
    name: 'route-preload',
    async postBuild({outDir, baseUrl}) {
      const generated = context.generatedFilesDir;
      const [routesJs, routesChunkNames, manifest] = await Promise.all([
        readFile(join(generated, 'routes.js'), 'utf8'),
        readFile(join(generated, 'routesChunkNames.json'), 'utf8').then(
          (t) => JSON.parse(t) as Record<string, unknown>,
        ),
        readFile(join(generated, 'client-manifest.json'), 'utf8').then((t) => JSON.parse(t) as ClientManifest),
      ]);
      const chains = routeChains(routesJs);
      const pages = (await readdir(outDir, {recursive: true, withFileTypes: true}))
        .filter((entry) => entry.isFile() && entry.name.endsWith('.html'))
        .map((entry) => relative(outDir, join(entry.parentPath, entry.name)));
      let preloaded = 0;
      await Promise.all(
        pages.map(async (page) => {
          const chain = chains.get(routeOfPage(page));
          if (!chain) return; // 404.html: the not-found page is part of the bundle
          const files = chunkFiles(
            manifest,
            chain.flatMap((key) => chunkNames(routesChunkNames[key])),
          );
          if (!files.length) return;
          const path = join(outDir, page);
          await writeFile(
            path,
            withChunkList(
              await readFile(path, 'utf8'),
              files.map((file) => `${baseUrl}${file}`),
            ),
          );
          preloaded += 1;
        }),
      );
      if (preloaded === 0) throw new Error('route-preload：没有为任何页面找到路由分块，构建产物的格式可能变了');
    },
  };
}
