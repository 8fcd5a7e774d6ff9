// A small static server for the production build, gzip-compressed as a real host would serve it (Docusaurus emits
// one HTML file per route, so there is no SPA fallback: unknown paths get 404.html with status 404).
import {createReadStream} from 'node:fs';
import {stat} from 'node:fs/promises';
import {createServer, type Server} from 'node:http';
import {extname, join, normalize, sep} from 'node:path';
import {pipeline} from 'node:stream/promises';
import {createGzip} from 'node:zlib';

const TYPES: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.mjs': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.json': 'application/json; charset=utf-8',
  '.webmanifest': 'application/manifest+json; charset=utf-8',
  '.xml': 'application/xml; charset=utf-8',
  '.txt': 'text/plain; charset=utf-8',
  '.md': 'text/markdown; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.jpg': 'image/jpeg',
  '.jpeg': 'image/jpeg',
  '.gif': 'image/gif',
  '.webp': 'image/webp',
  '.avif': 'image/avif',
  '.ico': 'image/x-icon',
  '.woff2': 'font/woff2',
  '.woff': 'font/woff',
  '.map': 'application/json; charset=utf-8',
};

/** Already-compressed formats are sent as they are. */
const COMPRESSIBLE = /^(text\/|application\/(json|manifest\+json|xml)|image\/svg\+xml)/;

async function resolveFile(root: string, pathname: string): Promise<string | null> {
  const relative = normalize(decodeURIComponent(pathname)).replace(/^([/\\])+/, '');
  const base = join(root, relative);
  if (base !== root && !base.startsWith(root + sep)) return null; // path traversal
  for (const candidate of [base, join(base, 'index.html'), `${base}.html`]) {
    const info = await stat(candidate).catch(() => null);
    if (info?.isFile()) return candidate;
  }
  return null;
}

/** Serves `root` on 127.0.0.1:`port` (0 picks a free port); resolves once listening. */
export async function serveStatic(root: string, port = 0): Promise<{server: Server; origin: string}> {
  const server = createServer((req, res) => {
    void (async () => {
      const url = new URL(req.url ?? '/', 'http://localhost');
      let file = await resolveFile(root, url.pathname);
      let status = 200;
      if (!file) {
        file = join(root, '404.html');
        status = 404;
      }
      const type = TYPES[extname(file)] ?? 'application/octet-stream';
      const gzip = COMPRESSIBLE.test(type) && /\bgzip\b/.test(String(req.headers['accept-encoding'] ?? ''));
      res.writeHead(status, {
        'content-type': type,
        // Hashed assets are immutable, as on any static host; HTML is revalidated.
        'cache-control': url.pathname.startsWith('/assets/') ? 'public, max-age=31536000, immutable' : 'no-cache',
        vary: 'accept-encoding',
        ...(gzip ? {'content-encoding': 'gzip'} : {}),
      });
      if (req.method === 'HEAD') {
        res.end();
        return;
      }
      const body = createReadStream(file);
      await (gzip ? pipeline(body, createGzip({level: 6}), res) : pipeline(body, res));
    })().catch((error: unknown) => {
      if (!res.headersSent) res.writeHead(500);
      res.end(String(error));
    });
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, '127.0.0.1', resolve);
  });
  const address = server.address();
  const actual = typeof address === 'object' && address ? address.port : port;
  return {server, origin: `http://127.0.0.1:${actual}`};
}
