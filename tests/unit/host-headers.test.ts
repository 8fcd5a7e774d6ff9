// The production host config (deploy/nginx/docs.conf) as a scanner sees it: a small fixture build, given its CSP by the
// same functions as the real build (src/host/csp.ts), served by nginx through scripts/serve-nginx.ts, graded by
// Mozilla HTTP Observatory's rules (./observatory.ts). The target is its top grade, A+.
//
// HSTS: the loopback server speaks plain http, which the Observatory would grade as "no https" (-20). The config sends
// Strict-Transport-Security on every response (browsers ignore it over http, RFC 6797 8.1), so the scan is graded as
// the production host serves it, over https: the origin is https and the http → https redirect is the one in
// deploy/nginx/server.conf.example.
import assert from 'node:assert/strict';
import {spawn, type ChildProcess} from 'node:child_process';
import {mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync} from 'node:fs';
import {request} from 'node:http';
import {createServer} from 'node:net';
import {tmpdir} from 'node:os';
import {dirname, join} from 'node:path';
import {after, before, describe, test} from 'node:test';
import {
  contentSecurityPolicy,
  hashSource,
  inlineScripts,
  nginxPolicySnippet,
  parsePolicy,
  serializePolicy,
  withMetaPolicy,
} from '../../src/host/csp';
import {CSP_SNIPPET, findNginx} from '../../scripts/serve-nginx';
import {grade, type Scan} from './observatory';

const ROOT = join(import.meta.dirname, '..', '..');
const nginx = findNginx();

const THEME_SCRIPT = 'document.documentElement.setAttribute("data-theme","light")';
const page = (title: string) =>
  `<!DOCTYPE html><html lang="zh-Hans"><head><meta charset="UTF-8"><title>${title}</title>` +
  `<script type="application/ld+json">{"@type":"BreadcrumbList"}</script>` +
  `<link rel="preload" href="/assets/js/main.0123abcd.js" as="script"></head>` +
  `<body><script>${THEME_SCRIPT}</script><main>${title}</main>` +
  `<script>document.body.appendChild(Object.assign(document.createElement("script"),{src:"/assets/js/main.0123abcd.js"}))</script>` +
  `</body></html>`;

/** A build with the shape of ours: pages as dir/index.html, hashed assets, page Markdown, llms.txt, 404.html. */
function fixtureBuild(dir: string) {
  const files: Record<string, string> = {
    'index.html': page('正在跳转'),
    'docs/documents/introduct/index.html': page('平台介绍'),
    '404.html': page('找不到页面'),
    'assets/js/main.0123abcd.js': `console.log(${JSON.stringify('x'.repeat(4000))});`,
    'docs/documents/introduct.md': '# 平台介绍\n\n中文正文。\n',
    'llms.txt': '# LlamaFactory Online 文档\n',
    'manifest.webmanifest': '{"name":"文档"}',
  };
  for (const [path, text] of Object.entries(files)) {
    mkdirSync(dirname(join(dir, path)), {recursive: true});
    writeFileSync(join(dir, path), text);
  }
  const pages = ['index.html', 'docs/documents/introduct/index.html', '404.html'];
  const hashes = pages.flatMap((p) => inlineScripts(readFileSync(join(dir, p), 'utf8')).map(hashSource));
  const policy = contentSecurityPolicy({scriptHashes: hashes});
  for (const p of pages) {
    writeFileSync(
      join(dir, p),
      withMetaPolicy(readFileSync(join(dir, p), 'utf8'), serializePolicy(policy, {meta: true})),
    );
  }
  mkdirSync(dirname(join(dir, CSP_SNIPPET)), {recursive: true});
  writeFileSync(join(dir, CSP_SNIPPET), nginxPolicySnippet(serializePolicy(policy)));
}

/** A port nothing listens on now (another checkout may run these tests at the same time). */
function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() => resolve(typeof address === 'object' && address ? address.port : 0));
    });
  });
}

let PORT = 0;

function get(path: string, headers: Record<string, string> = {}) {
  return new Promise<{status: number; headers: Record<string, string | string[] | undefined>; body: string}>(
    (resolve, reject) => {
      const req = request({host: '127.0.0.1', port: PORT, path, headers}, (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (chunk: Buffer) => chunks.push(chunk));
        res.on('end', () =>
          resolve({status: res.statusCode ?? 0, headers: res.headers, body: Buffer.concat(chunks).toString('utf8')}),
        );
      });
      req.on('error', reject);
      req.end();
    },
  );
}

describe('production host config (nginx)', {skip: !nginx && !process.env.CI && 'nginx is not installed'}, () => {
  let dir = '';
  let server: ChildProcess | undefined;

  before(async () => {
    assert.ok(nginx, 'nginx is required (apt-get install nginx-light); .ci/run installs it');
    PORT = await freePort();
    dir = mkdtempSync(join(tmpdir(), 'host-headers-'));
    fixtureBuild(dir);
    server = spawn(
      process.execPath,
      ['--import', 'tsx', join(ROOT, 'scripts/serve-nginx.ts'), '--dir', dir, '--port', String(PORT)],
      {stdio: ['ignore', 'pipe', 'inherit']},
    );
    await new Promise<void>((resolve, reject) => {
      server!.stdout!.on('data', (data: Buffer) => {
        if (data.toString().includes('serve-nginx:')) resolve();
      });
      server!.once('exit', (code) => reject(new Error(`serve-nginx exited with ${code}`)));
    });
  });

  after(async () => {
    if (server && server.exitCode === null) {
      const exited = new Promise((resolve) => server!.once('exit', resolve));
      server.kill('SIGTERM');
      await exited;
    }
    if (dir) rmSync(dir, {recursive: true, force: true});
  });

  test('grades A+ by the HTTP Observatory rules, served over https as in production', async () => {
    const home = await get('/');
    assert.equal(home.status, 302, '/ redirects once');
    assert.equal(home.headers.location, '/docs/documents/introduct');
    const final = await get('/docs/documents/introduct');
    assert.equal(final.status, 200, 'the home doc is served directly, not redirected to a trailing slash');
    const example = readFileSync(join(ROOT, 'deploy/nginx/server.conf.example'), 'utf8');
    const scan: Scan = {
      headers: final.headers,
      html: final.body,
      origin: 'https://docs.llamafactory.com.cn',
      httpRedirectsToHttpsSameHost: /listen 80;[\s\S]*?return 301 https:\/\/\$host\$request_uri;/.test(example),
    };
    const result = grade(scan);
    const table = result.tests.map((t) => `${t.test}: ${t.result} (${t.modifier})`).join('\n');
    assert.equal(result.grade, 'A+', `score ${result.score}\n${table}`);
    assert.ok(result.score >= 110, `score ${result.score}\n${table}`);
  });

  test('the CSP header and the meta policy come from one computation; scripts have no unsafe source', async () => {
    const {headers, body} = await get('/docs/documents/introduct');
    const header = String(headers['content-security-policy']);
    const meta = /http-equiv="Content-Security-Policy" content="([^"]*)"/.exec(body)?.[1];
    assert.ok(meta, 'the page carries the policy as <meta http-equiv>');
    assert.equal(meta, header.replace(/; frame-ancestors 'none'/, ''), 'meta = header without frame-ancestors');
    const scriptSrc = parsePolicy(header).get('script-src')!;
    assert.ok(!scriptSrc.includes("'unsafe-inline'") && !scriptSrc.includes("'unsafe-eval'"));
    assert.equal(scriptSrc.filter((s) => s.startsWith("'sha256-")).length, 2, 'the two executable inline scripts');
    assert.ok(body.indexOf('Content-Security-Policy') < body.indexOf('<script'), 'the policy precedes every script');
  });

  test('hashed assets are immutable for a year; pages, Markdown and llms.txt are revalidated', async () => {
    const asset = await get('/assets/js/main.0123abcd.js');
    assert.equal(asset.headers['cache-control'], 'public, max-age=31536000, immutable');
    for (const path of [
      '/docs/documents/introduct',
      '/docs/documents/introduct.md',
      '/llms.txt',
      '/manifest.webmanifest',
    ]) {
      assert.equal((await get(path)).headers['cache-control'], 'no-cache', path);
    }
  });

  test('unknown paths get the 404 page with status 404, including under /assets/ and directories', async () => {
    for (const path of [
      '/docs/documents/no-such-page',
      '/assets/js/missing.js',
      '/docs/documents/',
      '/.host/csp.nginx.conf',
    ]) {
      const response = await get(path);
      assert.equal(response.status, 404, path);
      assert.match(response.body, /找不到页面/, path);
      assert.equal(response.headers['cache-control'], 'no-cache', path);
      assert.ok(response.headers['content-security-policy'], `${path}: security headers on errors too`);
    }
  });

  test('Markdown and llms files are text with a charset; gzip is served when asked', async () => {
    assert.equal((await get('/docs/documents/introduct.md')).headers['content-type'], 'text/markdown; charset=utf-8');
    assert.equal((await get('/llms.txt')).headers['content-type'], 'text/plain; charset=utf-8');
    assert.equal((await get('/docs/documents/introduct')).headers['content-type'], 'text/html; charset=utf-8');
    const js = await get('/assets/js/main.0123abcd.js', {'accept-encoding': 'gzip, br'});
    assert.equal(js.headers['content-encoding'], 'gzip');
    assert.match(String(js.headers.vary), /accept-encoding/i);
  });
});
