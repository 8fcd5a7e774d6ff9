// Build-time compression for static hosts: a `.gz` (gzip level 9, served by nginx's gzip_static) and a `.br` (Brotli
// quality 9, 11 for the files every page loads; for hosts that serve precompressed Brotli) beside each compressible file of the build, so the host spends
// no CPU per request and every reader gets the smallest encoding. A compressed copy is kept only when it is smaller.
import {readdir, readFile, stat, writeFile} from 'node:fs/promises';
import {extname, join} from 'node:path';
import {promisify} from 'node:util';
import {brotliCompress, constants, gzip} from 'node:zlib';

const gzipAsync = promisify(gzip);
const brotliAsync = promisify(brotliCompress);

/** Text formats of the build; images other than SVG, fonts and archives are compressed already. */
export const COMPRESSIBLE = new Set([
  '.html',
  '.js',
  '.mjs',
  '.css',
  '.json',
  '.map',
  '.svg',
  '.xml',
  '.txt',
  '.md',
  '.webmanifest',
  '.ico',
]);

/**
 * Brotli's best quality (11) takes about 12 times as long as quality 9 for output 5–10 % smaller: worth it for the few
 * files every first load fetches (the site bundle and stylesheet, named by `best`), not for the rest, which would
 * otherwise add most of a minute to the build on a 2-core machine.
 */
const DEFAULT_QUALITY = 9;

/** Below this a compressed response saves less than a packet's worth; nginx's dynamic gzip has the same threshold. */
export const MIN_BYTES = 1024;

async function* walk(dir: string): AsyncGenerator<string> {
  for (const entry of await readdir(dir, {withFileTypes: true})) {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) yield* walk(path);
    else if (entry.isFile()) yield path;
  }
}

export interface PrecompressResult {
  files: number;
  bytes: number;
  gzipBytes: number;
  brotliBytes: number;
}

/** Writes `file.gz` and `file.br` for every compressible file of `dir` of at least MIN_BYTES; `best` gets paths. */
export async function precompress(
  dir: string,
  {concurrency = 4, best = () => false}: {concurrency?: number; best?: (path: string) => boolean} = {},
): Promise<PrecompressResult> {
  const files: string[] = [];
  for await (const path of walk(dir)) {
    if (COMPRESSIBLE.has(extname(path).toLowerCase()) && (await stat(path)).size >= MIN_BYTES) files.push(path);
  }
  const result: PrecompressResult = {files: 0, bytes: 0, gzipBytes: 0, brotliBytes: 0};
  const compressOne = async (path: string) => {
    const body = await readFile(path);
    const [gz, br] = await Promise.all([
      gzipAsync(body, {level: 9}),
      brotliAsync(body, {
        params: {
          [constants.BROTLI_PARAM_QUALITY]: best(path) ? constants.BROTLI_MAX_QUALITY : DEFAULT_QUALITY,
          [constants.BROTLI_PARAM_SIZE_HINT]: body.length,
          [constants.BROTLI_PARAM_MODE]: constants.BROTLI_MODE_TEXT,
        },
      }),
    ]);
    result.files += 1;
    result.bytes += body.length;
    if (gz.length < body.length) {
      await writeFile(`${path}.gz`, gz);
      result.gzipBytes += gz.length;
    }
    if (br.length < body.length) {
      await writeFile(`${path}.br`, br);
      result.brotliBytes += br.length;
    }
  };
  // The zlib work runs on libuv's thread pool; a few files at a time keep it busy without holding the whole site.
  let next = 0;
  await Promise.all(
    Array.from({length: concurrency}, async () => {
      while (next < files.length) await compressOne(files[next++]!);
    }),
  );
  return result;
}
