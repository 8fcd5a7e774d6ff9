// Runs Lighthouse (default mobile settings) on one URL in an already-running Chromium and writes the result (LHR)
// as JSON. Used by scripts/bench-lighthouse.ts in a plain `node` process: under tsx, Lighthouse's page functions
// would be compiled with esbuild's name helper (`__name`), which does not exist in the page.
// Usage: node scripts/lighthouse-run.mjs <url> <chrome-debugging-port> <output.json>
import {writeFile} from 'node:fs/promises';
import lighthouse from 'lighthouse';

const [url, port, output] = process.argv.slice(2);
if (!url || !port || !output) {
  console.error('usage: node scripts/lighthouse-run.mjs <url> <port> <output.json>');
  process.exit(2);
}
const result = await lighthouse(url, {port: Number(port), output: 'json', logLevel: 'error'});
if (!result) throw new Error(`Lighthouse returned no result for ${url}`);
await writeFile(output, JSON.stringify(result.lhr));
