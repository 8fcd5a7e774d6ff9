// `npm run bench:build`: runs a production build (`docusaurus build`, into build/ or BENCH_BUILD_DIR) and prints its
// wall time and output size: files and bytes in all, and JavaScript, CSS and HTML raw and gzip-compressed.
// A measurement to read, not a test: it fails only if the build fails.
import {spawn} from 'node:child_process';
import {readdirSync, readFileSync, statSync} from 'node:fs';
import {extname, join} from 'node:path';
import {gzipSync} from 'node:zlib';

const root = join(import.meta.dirname, '..');
const outDir = process.env.BENCH_BUILD_DIR ?? 'build';

function files(dir: string): string[] {
  return readdirSync(dir, {withFileTypes: true}).flatMap((e) =>
    e.isDirectory() ? files(join(dir, e.name)) : [join(dir, e.name)],
  );
}

const kib = (bytes: number) => `${(bytes / 1024).toFixed(1)} KiB`;
const mib = (bytes: number) => `${(bytes / 1024 / 1024).toFixed(2)} MiB`;
const size = (bytes: number) => (bytes >= 1024 * 1024 ? mib(bytes) : kib(bytes));

async function build(): Promise<number> {
  const started = performance.now();
  const bin = join(root, 'node_modules/.bin/docusaurus');
  const code = await new Promise<number>((resolve, reject) => {
    const child = spawn(bin, ['build', '--out-dir', outDir], {cwd: root, stdio: ['ignore', 'inherit', 'inherit']});
    child.on('error', reject);
    child.on('exit', (c) => resolve(c ?? 1));
  });
  if (code !== 0) throw new Error(`docusaurus build exited with ${code}`);
  return performance.now() - started;
}

async function main() {
  const wallMs = await build();
  const all = files(join(root, outDir));
  const kinds = {JavaScript: ['.js'], CSS: ['.css'], HTML: ['.html']} as const;
  const rows: [string, string, string, string][] = [];
  for (const [label, exts] of Object.entries(kinds)) {
    const matching = all.filter((f) => (exts as readonly string[]).includes(extname(f)));
    let raw = 0;
    let gzip = 0;
    for (const f of matching) {
      const data = readFileSync(f);
      raw += data.length;
      gzip += gzipSync(data, {level: 9}).length;
    }
    rows.push([label, String(matching.length), size(raw), size(gzip)]);
  }
  const total = all.reduce((sum, f) => sum + statSync(f).size, 0);
  console.log(`\nProduction build (${outDir}/)`);
  console.log(`  wall time   ${(wallMs / 1000).toFixed(1)} s`);
  console.log(`  output      ${all.length} files, ${size(total)} (${total} bytes)`);
  console.log(`\n  ${'kind'.padEnd(10)}  ${'files'.padStart(5)}  ${'raw'.padStart(10)}  ${'gzip -9'.padStart(10)}`);
  for (const [label, count, raw, gzip] of rows) {
    console.log(`  ${label.padEnd(10)}  ${count.padStart(5)}  ${raw.padStart(10)}  ${gzip.padStart(10)}`);
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
