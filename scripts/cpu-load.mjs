// Keeps the machine's cores busy for a bounded time, to prove the test suite under load (issue 18):
//   node scripts/cpu-load.mjs [--seconds 1800] [--threads <cores>]
// One busy thread per core (by default) spins until the time is up, then the process exits by itself. It makes no
// network traffic and writes nothing. Run it beside `CI=true bash .ci/run`, e.g.
//   node scripts/cpu-load.mjs --seconds 1200 & (cd /tmp/ci-clone && CI=true bash .ci/run); kill %1
import {availableParallelism} from 'node:os';
import {Worker} from 'node:worker_threads';
import {parseArgs} from 'node:util';

const {values} = parseArgs({
  options: {seconds: {type: 'string', default: '1800'}, threads: {type: 'string'}},
});
const seconds = Number(values.seconds);
const threads = Number(values.threads ?? availableParallelism());
if (!(seconds > 0 && seconds <= 4 * 3600) || !(threads >= 1 && threads <= 64)) {
  console.error('cpu-load: --seconds must be in (0, 14400] and --threads in [1, 64]');
  process.exit(2);
}

const until = Date.now() + seconds * 1000;
const spin = `const until = ${until}; let x = 0; while (Date.now() < until) { for (let i = 0; i < 1e6; i++) x = (x * 31 + i) | 0; }`;
console.log(`cpu-load: ${threads} busy threads for ${seconds} s (pid ${process.pid})`);
const workers = Array.from({length: threads}, () => new Worker(spin, {eval: true}));
await Promise.all(workers.map((w) => new Promise((resolve) => w.on('exit', resolve))));
console.log('cpu-load: done');
