// The end of `npm test` (scripts/test.sh): the ten slowest Playwright tests and one closing line over all runners.
import {existsSync, readFileSync} from 'node:fs';

let pass = 0;
let fail = 0;
let skip = 0;
for (const log of ['test-results/unit.log', 'test-results/build-output.log']) {
  if (!existsSync(log)) continue;
  const text = readFileSync(log, 'utf8');
  const num = (re) => Number(text.match(re)?.[1] ?? 0);
  pass += num(/ℹ pass (\d+)/);
  fail += num(/ℹ fail (\d+)/);
  skip += num(/ℹ skipped (\d+)/);
}

if (existsSync('test-results/e2e.json')) {
  const report = JSON.parse(readFileSync('test-results/e2e.json', 'utf8'));
  pass += report.stats.expected + report.stats.flaky;
  fail += report.stats.unexpected;
  skip += report.stats.skipped;
  const tests = [];
  const walk = (suite, titles) => {
    for (const spec of suite.specs ?? []) {
      for (const t of spec.tests) {
        const duration = t.results.reduce((sum, r) => sum + r.duration, 0);
        tests.push({duration, title: `[${t.projectName}] ${spec.file} › ${[...titles, spec.title].join(' › ')}`});
      }
    }
    for (const child of suite.suites ?? []) walk(child, [...titles, child.title]);
  };
  for (const suite of report.suites) walk(suite, []);
  tests.sort((a, b) => b.duration - a.duration);
  const wall = report.stats.duration / 1000;
  const work = tests.reduce((sum, t) => sum + t.duration, 0) / 1000;
  console.log(`\nPlaywright: ${tests.length} tests, ${wall.toFixed(0)} s wall, ${work.toFixed(0)} s of test time`);
  console.log('The ten slowest tests:');
  for (const t of tests.slice(0, 10)) console.log(`  ${(t.duration / 1000).toFixed(1).padStart(6)} s  ${t.title}`);
}

console.log(`\nunit + build-output + e2e tests: ${pass} passed, ${fail} failed, ${skip} skipped`);
