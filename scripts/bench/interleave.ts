// Helpers shared by the interleaved benchmarks (bench:hydration, bench:lighthouse): serve a build with the production
// nginx config in a child process, and summarise samples as median and min–max.
import {spawn, type ChildProcess} from 'node:child_process';
import {join, resolve} from 'node:path';

const REPO = resolve(import.meta.dirname, '..', '..');

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
