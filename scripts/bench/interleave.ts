// Helpers shared by the interleaved benchmarks (bench:hydration, bench:lighthouse): the pages they measure, the
// variants they compare (our build, the stock Docusaurus site of scripts/bench/stock-site.ts, and the floor: our pages
// with every script removed), serving a build with the production nginx config in a child process, and summarising
// samples as median and min–max.
import {spawn, type ChildProcess} from 'node:child_process';
import {cpSync, existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync} from 'node:fs';
import {tmpdir} from 'node:os';
import {join, resolve} from 'node:path';
import {brotliCompressSync, gzipSync} from 'node:zlib';
import {buildStock} from './stock-site';

const REPO = resolve(import.meta.dirname, '..', '..');

/** The pages both benchmarks measure (issue #28): a short page, the longest table page, a page with a diagram. */
export const PAGES = [
  '/docs/documents/introduct',
  '/docs/documents/guide/Train/parameter',
  '/docs/documents/best-practice/weclone',
];

/** The name of the stock site among the variants (built and cached by scripts/bench/stock-site.ts). */
export const STOCK = 'stock';
export const FLOOR = 'floor';

export interface Variant {
  name: string;
  dir: string;
}

/**
 * The variants of a run: each argument is a build directory or `stock`, in the order given (default: `build` and
 * `stock`), then the floor, made from the first argument. `cleanup` removes the floor's temporary copy.
 */
export async function variants(args: string[]): Promise<{variants: Variant[]; cleanup: () => void}> {
  const names = args.length ? args : ['build', STOCK];
  const list: Variant[] = [];
  for (const name of names) {
    const dir = name === STOCK ? await buildStock() : resolve(name);
    if (!PAGES.every((page) => existsSync(join(dir, page, 'index.html')))) {
      console.error(`No build in ${name}: run \`npx docusaurus build\` (with --out-dir ${name} for a variant) first.`);
      process.exit(2);
    }
    list.push({name, dir});
  }
  if (list[0]!.name === STOCK) throw new Error('the first variant is the one the floor is made from: our build');
  const floor = makeFloor(list[0]!.dir);
  return {variants: [...list, {name: FLOOR, dir: floor}], cleanup: () => rmSync(floor, {recursive: true, force: true})};
}

/** The HTML with no scripts: every <script> element, and every link that preloads or prefetches a script. */
export function stripScripts(html: string): string {
  return html
    .replace(/<script\b[^>]*>[\s\S]*?<\/script>/gi, '')
    .replace(/<link\b[^>]*>/gi, (link) =>
      /\brel=["']?(modulepreload|preload|prefetch)\b/i.test(link) &&
      (/\bas=["']?script\b/i.test(link) || /\brel=["']?modulepreload\b/i.test(link) || /\.m?js["'\s/>]/.test(link))
        ? ''
        : link,
    );
}

/** A copy of `build` whose measured pages have no scripts, with their precompressed files rewritten to match. */
export function makeFloor(build: string): string {
  const dir = mkdtempSync(join(tmpdir(), 'bench-floor-'));
  cpSync(build, dir, {recursive: true});
  for (const page of PAGES) {
    const file = join(dir, page, 'index.html');
    const html = stripScripts(readFileSync(file, 'utf8'));
    if (/<script\b/i.test(html)) throw new Error(`${file}: a script survived stripping`);
    writeFileSync(file, html);
    writeFileSync(`${file}.gz`, gzipSync(html, {level: 9}));
    writeFileSync(`${file}.br`, brotliCompressSync(html));
  }
  return dir;
}

/** Runs scripts/serve-nginx.ts for `dir` on 127.0.0.1:`port`; resolves once nginx accepts connections. */
export function serveNginx(dir: string, port: number): Promise<ChildProcess> {
  const child = spawn(
    process.execPath,
    ['--import', 'tsx', join(REPO, 'scripts/serve-nginx.ts'), '--dir', dir, '--port', String(port)],
    {stdio: ['ignore', 'pipe', 'inherit']},
  );
  return new Promise((resolveServer, reject) => {
    child.stdout!.on('data', (data: Buffer) => {
      if (data.toString().includes('serve-nginx:')) resolveServer(child);
    });
    child.once('exit', (code) => reject(new Error(`serve-nginx for ${dir} exited with ${code}`)));
  });
}

export function median(xs: number[]): number {
  const s = [...xs].sort((a, b) => a - b);
  const mid = Math.floor(s.length / 2);
  return s.length % 2 ? s[mid]! : (s[mid - 1]! + s[mid]!) / 2;
}

export interface Spread {
  median: number;
  min: number;
  max: number;
}

export function spread(xs: number[]): Spread {
  return {median: median(xs), min: Math.min(...xs), max: Math.max(...xs)};
}

/** Two variants differ beyond run-to-run spread only when their min–max ranges do not overlap. */
export function overlaps(a: Spread, b: Spread): boolean {
  return a.min <= b.max && b.min <= a.max;
}

/**
 * One line of a table: `name  median (min–max)  ×ours ×floor`, the ratios of the median to the first variant's and
 * to the floor's (when there is one and it is not zero).
 */
export function row(
  name: string,
  width: number,
  s: Spread,
  format: (n: number) => string,
  ours: Spread | undefined,
  floor: Spread | undefined,
): string {
  const ratio = (base: Spread | undefined, label: string) =>
    base && base.median && Number.isFinite(s.median) ? `  ${(s.median / base.median).toFixed(2)}× ${label}` : '';
  const value = Number.isFinite(s.median) ? `${format(s.median)} (${format(s.min)}–${format(s.max)})` : 'n/a';
  return `    ${name.padEnd(width)}  ${value.padEnd(22)}${ratio(ours, 'ours')}${ratio(floor, 'floor')}`;
}

/** Stops the servers of serveNginx and waits until they have exited (each stops its nginx first). */
export async function stopServers(servers: ChildProcess[]): Promise<void> {
  await Promise.all(
    servers.map(
      (server) =>
        new Promise<void>((done) => {
          if (server.exitCode !== null || server.signalCode !== null) return done();
          server.once('exit', () => done());
          server.kill('SIGTERM');
        }),
    ),
  );
}
