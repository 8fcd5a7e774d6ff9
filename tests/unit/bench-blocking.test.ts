// scripts/bench-hydration.ts's blocking time (Lighthouse's TBT on a real trace): each main-thread task counts once,
// although Chromium writes it twice (RunTask with a ThreadControllerImpl::RunTask inside); tasks of other threads and
// the parts under 50 ms do not count.
import assert from 'node:assert/strict';
import {test} from 'node:test';
import {mainThreadBlocking} from '../../scripts/bench-hydration';

const meta = (pid: number, tid: number, name: string) => ({
  name: 'thread_name',
  ph: 'M',
  pid,
  tid,
  ts: 0,
  args: {name},
});
const task = (name: string, ts: number, ms: number, tid = 1) => ({name, ph: 'X', pid: 1, tid, ts, dur: ms * 1000});

test('a task written as RunTask and ThreadControllerImpl::RunTask counts once', () => {
  const events = [
    meta(1, 1, 'CrRendererMain'),
    meta(1, 2, 'Compositor'),
    task('RunTask', 0, 120),
    task('ThreadControllerImpl::RunTask', 0, 119.8),
    task('RunTask', 200_000, 30),
    task('ThreadControllerImpl::RunTask', 200_000, 29.9),
    task('ThreadControllerImpl::RunTask', 300_000, 80), // written once only
    task('RunTask', 0, 500, 2), // another thread
  ];
  const {blocking, busy} = mainThreadBlocking(events);
  assert.equal(Math.round(blocking), 70 + 30);
  assert.equal(Math.round(busy), 120 + 30 + 80);
});
