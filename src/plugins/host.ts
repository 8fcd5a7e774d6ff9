// Production hosting, after the pages are written: the Content-Security-Policy of this build (src/host/csp.ts) as a
// <meta http-equiv> in every page and as the nginx snippet deploy/nginx/docs.conf includes for the header, then a
// gzip and a Brotli copy beside each compressible file (src/host/precompress.ts). Output, besides the pages:
//   .host/csp.nginx.conf   `set $content_security_policy "...";` for nginx
//   .host/csp.txt          the header value, for hosts configured another way (MAINTAINERS.md, 部署)
//
// Ordering: Docusaurus runs all postBuild hooks at once (executePluginsPostBuild: Promise.all over the plugins), and
// the sitemap, opensearch.xml, robots.txt, the manifest and the llms files are written by other plugins' postBuild.
// Compressing them while they are being written would ship truncated .gz files, and src/plugins/route-preload.ts
// rewrites the pages. So this plugin comes first (its
// preset, src/plugins/host-preset.ts, is listed before 'classic') and, when its postBuild is called, wraps the other
// plugins' postBuild to wait for them. If Docusaurus ever calls the hooks one after another, the wait finds hooks that
// were not called and the build fails with a message saying so, rather than compressing half-written files.
import {mkdir, readdir, readFile, writeFile} from 'node:fs/promises';
import {join, relative} from 'node:path';
import type {LoadContext, Plugin, Props} from '@docusaurus/types';
import {
  contentSecurityPolicy,
  hashSource,
  inlineScripts,
  nginxPolicySnippet,
  serializePolicy,
  withMetaPolicy,
} from '../host/csp';
import {precompress} from '../host/precompress';

export interface HostOptions {
  /** The hosted Algolia application id, when search is hosted (its hosts go into connect-src). */
  algoliaAppId?: string;
}

export const HOST_DIR = '.host';
export const NGINX_SNIPPET = 'csp.nginx.conf';
export const HEADER_FILE = 'csp.txt';
const NAME = 'host';

async function htmlFiles(dir: string): Promise<string[]> {
  const files: string[] = [];
  for (const entry of await readdir(dir, {withFileTypes: true, recursive: true})) {
    if (entry.isFile() && entry.name.endsWith('.html')) files.push(join(entry.parentPath, entry.name));
  }
  return files.sort();
}

/** Wraps the other plugins' postBuild hooks, which Docusaurus is about to call; resolves when they have all finished. */
function otherPostBuilds(plugins: Props['plugins']): () => Promise<void> {
  const others = plugins.filter((plugin) => plugin.name !== NAME && plugin.postBuild);
  const running = new Map<string, Promise<unknown>>();
  for (const plugin of others) {
    const original = plugin.postBuild!;
    plugin.postBuild = function (this: unknown, ...args: Parameters<typeof original>) {
      const done = Promise.resolve(original.apply(this, args));
      running.set(`${plugin.name}@${plugin.options.id ?? 'default'}`, done);
      return done;
    };
  }
  return async () => {
    await new Promise((resolve) => setImmediate(resolve));
    if (running.size !== others.length) {
      throw new Error(
        `host 插件：其他插件的 postBuild 没有与它同时开始（${running.size}/${others.length}）。` +
          'Docusaurus 调用 postBuild 的方式变了，或 host 预设不再排在第一位；见 src/plugins/host.ts 开头的说明。',
      );
    }
    await Promise.all(running.values());
  };
}

export default function hostPlugin(_context: LoadContext, options: HostOptions): Plugin {
  return {
    name: NAME,
    async postBuild({outDir, plugins}) {
      // Other plugins write files (sitemap, llms files, ...) and rewrite pages (route-preload): wait for all of them.
      await otherPostBuilds(plugins)();

      // One policy for the whole site, from the pages as they are now final.
      const pages = await htmlFiles(outDir);
      const contents = await Promise.all(pages.map((page) => readFile(page, 'utf8')));
      const hashes = new Set(contents.flatMap((html) => inlineScripts(html).map(hashSource)));
      const policy = contentSecurityPolicy({scriptHashes: [...hashes], algoliaAppId: options.algoliaAppId});
      const header = serializePolicy(policy);
      const meta = serializePolicy(policy, {meta: true});
      await Promise.all(pages.map((page, i) => writeFile(page, withMetaPolicy(contents[i]!, meta))));
      await mkdir(join(outDir, HOST_DIR), {recursive: true});
      await writeFile(join(outDir, HOST_DIR, NGINX_SNIPPET), nginxPolicySnippet(header));
      await writeFile(join(outDir, HOST_DIR, HEADER_FILE), `${header}\n`);

      const started = Date.now();
      // The scripts and stylesheets the pages name (the rest are chunks loaded later): Brotli's best quality for them.
      const entry = new Set(
        contents.flatMap((html) =>
          [...html.matchAll(/\/(assets\/(?:js|css)\/[^"'\s>]+\.(?:js|css))/g)].map((m) => join(outDir, m[1]!)),
        ),
      );
      const result = await precompress(outDir, {best: (path) => entry.has(path)});
      const mib = (bytes: number) => `${(bytes / 1024 / 1024).toFixed(1)} MiB`;
      console.log(
        `[host] CSP: ${hashes.size} inline script hashes, ${pages.length} pages (${relative(process.cwd(), outDir)}/${HOST_DIR}); ` +
          `precompressed ${result.files} files ${mib(result.bytes)} → gzip ${mib(result.gzipBytes)}, ` +
          `brotli ${mib(result.brotliBytes)} in ${((Date.now() - started) / 1000).toFixed(1)} s`,
      );
    },
  };
}
