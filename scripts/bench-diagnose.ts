// `npm run bench:diagnose`: how long 报错诊断 (docs/documents/problems/diagnose) takes on a 5 MB log in the system
// Chromium, and how long the page is frozen meanwhile. The build is served by the production nginx config
// (scripts/serve-nginx.ts); each round opens the page in a fresh context, waits for the known messages, puts a log of
// about 5 MB (the unit fixtures repeated) in the box and presses 诊断. It prints, as median (min–max) over the rounds:
//
// - diagnosis: from the click to the results on screen (the budget: under 2 s);
// - longest task: the longest main-thread task meanwhile (Long Tasks API), the page's worst freeze;
// - longest frame gap: the largest gap between two animation frames meanwhile.
//
// and the machine's load average. A measurement to read, not a test: tests/e2e/diagnose.spec.ts proves the reading is
// sliced, whatever the machine's speed.
//
//   npm run bench:diagnose                        # build/, 5 rounds, port 3370
//   npm run bench:diagnose -- --rounds 9 --port 3500 other-build
import {readFileSync} from 'node:fs';
import {loadavg} from 'node:os';
import {join, resolve} from 'node:path';
import {parseArgs} from 'node:util';
import {chromium} from '@playwright/test';
import {serveNginx, spread, stopServers, type Spread} from './bench/interleave';
import {chromiumArgs, chromiumPath} from './chromium';

const {values, positionals} = parseArgs({
  allowPositionals: true,
  options: {rounds: {type: 'string', default: '5'}, port: {type: 'string', default: '3370'}},
});
const ROUNDS = Number(values.rounds);
const PAGE = '/docs/documents/problems/diagnose';
const FIXTURES = resolve(import.meta.dirname, '../tests/unit/fixtures/diagnose');
const PARTS = ['39-warnings-only.log', '07-nccl-timeout.log', '01-oom-single.log', '02-oom-torchrun.log'].map((f) =>
  readFileSync(join(FIXTURES, f), 'utf8'),
);

interface Sample {
  ms: number;
  longest: number;
  gap: number;
  size: number;
}

async function main(): Promise<void> {
  const dir = resolve(positionals[0] ?? 'build');
  const server = await serveNginx(dir, Number(values.port));
  const browser = await chromium.launch({executablePath: chromiumPath, args: chromiumArgs});
  const samples: Sample[] = [];
  try {
    for (let round = 0; round < ROUNDS; round++) {
      const context = await browser.newContext();
      const page = await context.newPage();
      await page.goto(`http://127.0.0.1:${values.port}${PAGE}`);
      await page.locator('html[data-has-hydrated="true"]').waitFor({state: 'attached'});
      // A tiny first diagnosis waits for the known messages to load.
      await page.getByLabel('日志或报错').fill('ok');
      await page.getByRole('button', {name: '诊断', exact: true}).click();
      await page.locator('[data-diagnose="done"]').waitFor({state: 'attached'});
      samples.push(
        await page.evaluate(async (texts): Promise<Sample> => {
          let text = '';
          for (let i = 0; text.length < 5 * 1024 * 1024; i++) text += texts[i % texts.length];
          const tool = document.querySelector<HTMLElement>('[data-diagnose]')!;
          // The box lays out 5 MB of text first (the browser's work, as after a paste): two frames, not counted.
          tool.querySelector('textarea')!.value = text;
          await new Promise((done) => requestAnimationFrame(() => requestAnimationFrame(done)));
          const tasks: number[] = [];
          const observer = new PerformanceObserver((list) => list.getEntries().forEach((e) => tasks.push(e.duration)));
          observer.observe({type: 'longtask'});
          let last = performance.now();
          let gap = 0;
          let running = false;
          const started = performance.now();
          tool.querySelector<HTMLButtonElement>('button[type="submit"]')!.click();
          // Frame by frame until the results are on screen (no named functions in here: tsx would wrap them in a
          // helper that the page does not have).
          for (;;) {
            await new Promise((done) => requestAnimationFrame(done));
            const now = performance.now();
            gap = Math.max(gap, now - last);
            last = now;
            running ||= tool.dataset.diagnose === 'running';
            if (running && tool.dataset.diagnose === 'done') break;
          }
          const ms = performance.now() - started;
          observer.disconnect();
          return {ms, longest: Math.max(0, ...tasks), gap, size: text.length};
        }, PARTS),
      );
      await context.close();
    }
  } finally {
    await browser.close();
    await stopServers([server]);
  }

  const ms = (n: number) => `${Math.round(n)} ms`;
  const show = (s: Spread) => `${ms(s.median)} (${ms(s.min)}–${ms(s.max)})`;
  console.log(`报错诊断, ${samples[0]!.size.toLocaleString('en')} characters, ${ROUNDS} rounds, ${dir}`);
  console.log(`  diagnosis          ${show(spread(samples.map((s) => s.ms)))}`);
  console.log(`  longest task       ${show(spread(samples.map((s) => s.longest)))}`);
  console.log(`  longest frame gap  ${show(spread(samples.map((s) => s.gap)))}`);
  console.log(
    `  load average       ${loadavg()
      .map((n) => n.toFixed(2))
      .join(' ')}`,
  );
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
