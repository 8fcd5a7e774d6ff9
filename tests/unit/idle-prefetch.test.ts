import assert from 'node:assert/strict';
import {test} from 'node:test';
import {idlePrefetching, type DocusaurusGlobal} from '../../src/clientModules/idlePrefetch';

/** A Docusaurus global whose prefetch records the route and busies the thread for `costMs`. */
function fakeDocusaurus(costMs: number) {
  const prefetched: string[] = [];
  const original: DocusaurusGlobal = {
    prefetch: (routePath) => {
      prefetched.push(routePath);
      const end = performance.now() + costMs;
      while (performance.now() < end) {
        // busy, as appending <link rel="prefetch"> elements is
      }
      return Promise.resolve([]);
    },
    preload: () => false,
  };
  return {original, prefetched};
}

/** A scheduler that keeps the idle callbacks for the test to run, each with plenty of idle time. */
function manualSchedule() {
  const pending: ((deadline: IdleDeadline) => void)[] = [];
  return {
    schedule: (work: (deadline: IdleDeadline) => void) => void pending.push(work),
    /** Runs the next idle callback (by default with 50 ms of idle time); returns how long it took. */
    runNext(deadline: IdleDeadline = {didTimeout: false, timeRemaining: () => 50}): number {
      const work = pending.shift();
      assert.ok(work, 'an idle callback is scheduled');
      const start = performance.now();
      work(deadline);
      return performance.now() - start;
    },
    get pending() {
      return pending.length;
    },
  };
}

test('prefetch returns at once and the routes are prefetched later, in order, each once', () => {
  const {original, prefetched} = fakeDocusaurus(0);
  const idle = manualSchedule();
  const docusaurus = idlePrefetching(original, idle.schedule);
  assert.equal(docusaurus.prefetch('/a'), false);
  docusaurus.prefetch('/b');
  docusaurus.prefetch('/a');
  assert.deepEqual(prefetched, [], 'nothing runs inside the caller (the IntersectionObserver callback)');
  assert.equal(idle.pending, 1, 'one idle callback for the whole batch');
  // A slice ends after 4 ms of wall time, which a loaded machine can take between two routes: run the callbacks until
  // none is left (one, on a quiet machine) and check the order.
  idle.runNext();
  while (idle.pending) idle.runNext();
  assert.deepEqual(prefetched, ['/a', '/b']);
});

test('a long queue is worked off in short slices, one idle callback after another', () => {
  const {original, prefetched} = fakeDocusaurus(1);
  const idle = manualSchedule();
  const docusaurus = idlePrefetching(original, idle.schedule);
  for (let i = 0; i < 40; i++) docusaurus.prefetch(`/route-${i}`);
  let slices = 0;
  while (idle.pending) {
    const before = prefetched.length;
    idle.runNext();
    slices++;
    // A slice stops once 4 ms have passed: at 1 ms a route that is at most 5 routes, however busy the machine is
    // (a busy machine makes slices hold fewer routes, never more). Counting routes, not measuring the slice's
    // wall time, keeps this test deterministic on a loaded CI machine.
    const taken = prefetched.length - before;
    assert.ok(taken >= 1 && taken <= 5, `one slice prefetched ${taken} routes`);
  }
  assert.ok(slices >= 8, `40 routes at 1 ms each took ${slices} slices`);
  assert.equal(prefetched.length, 40);
});

test('an idle callback with no idle time left prefetches nothing and asks again; preload is untouched', () => {
  const {original, prefetched} = fakeDocusaurus(0);
  const idle = manualSchedule();
  const docusaurus = idlePrefetching(original, idle.schedule);
  assert.equal(docusaurus.preload, original.preload);
  docusaurus.prefetch('/a');
  idle.runNext({didTimeout: false, timeRemaining: () => 0});
  assert.deepEqual(prefetched, []);
  assert.equal(idle.pending, 1);
  // The browser's timeout (3 s) runs it even on a thread that is never idle.
  idle.runNext({didTimeout: true, timeRemaining: () => 0});
  assert.deepEqual(prefetched, ['/a']);
});
