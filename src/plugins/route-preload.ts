// Names a page's route chunks for its starter to preload. Docusaurus requests the chunks of the current route (the
// page's component, content, sidebar and their shared dependencies, about a dozen files) only once the bundle has run,
// one round trip after it. With webpack and Babel the page template got these chunks as <script> tags (react-loadable
// reports the modules rendered), but the Rspack/SWC build of `future.v4` reports none, so the pages name only the
// bundle. This plugin writes, after the build, a JSON block `__docusaurus-preloads` with each page's chunk files into
// the page, from two files of the build: routes.js / routesChunkNames.json (the chunk names of each route and of the
// layout routes around it) and client-manifest.json (the files of each chunk name, dependencies included). The page's
// starter (src/ssrTemplate.ts) preloads them when the page has painted, just before it starts the bundle.
// Not from the <head> (issue #28, second round): there, even at low priority, the dozen downloads ended before the
// first paint, and Lighthouse counts every script that finished before its observed largest contentful paint as
// needed for it unless the script then ran in a long task (these chunks each run in well under a millisecond), so its
// LCP was about twice the floor's; on slow 4G they also shared the connection with the stylesheet. The price is
// hydration on slow 4G (MAINTAINERS.md 页面加载). The host plugin (src/plugins/host.ts) waits for this before it reads the pages.
import {readFile, readdir, writeFile} from 'node:fs/promises';
import {join, relative, sep} from 'node:path';
import type {LoadContext, Plugin} from '@docusaurus/types';
import {PRELOADS_ID, SCRIPTS_ID} from '../ssrTemplate';

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

/**
 * The page with its route chunks named in a JSON block just before the bundle's own (`__docusaurus-scripts`), which
 * the page's starter reads once the page has painted: it preloads them, then starts the bundle.
 */
export function withRoutePreloads(html: string, hrefs: string[]): string {
  // The build minifies the page, quotes included.
  const at = html.search(new RegExp(`<script type="?application/json"? id="?${SCRIPTS_ID}"?>`));
  if (at < 0) throw new Error(`route-preload：页面里没有 ${SCRIPTS_ID} 数据块（src/ssrTemplate.ts 变了？）`);
  const block = `<script type="application/json" id="${PRELOADS_ID}">${JSON.stringify(hrefs)}</script>`;
  return html.slice(0, at) + block + html.slice(at);
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
            withRoutePreloads(
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
