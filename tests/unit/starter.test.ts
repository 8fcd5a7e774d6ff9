// The page's starter (STARTER in src/ssrTemplate.ts), run in a fake page: nothing of the site's scripts is requested or
// started before the browser reports the first contentful paint (issue #28: a starter that went by the first animation
// frame started the bundle before Lighthouse's observed LCP, which then counted every script as needed for it); then
// the route chunks are preloaded and the bundle's scripts inserted in order; pages that cannot report a paint still
// start. A planted starter of the old kind fails the first check.
import assert from 'node:assert/strict';
import {test} from 'node:test';
import {runInNewContext} from 'node:vm';
import {LATE_PRELOAD_MS, STARTER} from '../../src/ssrTemplate';

interface Inserted {
  tag: string;
  rel?: string;
  as?: string;
  fetchpriority?: string;
  href?: string;
  src?: string;
  async?: boolean;
  into: string;
}

/** A page with the starter's JSON blocks, timers and frames run by hand, and a Paint Timing observer fed by hand. */
function fakePage(
  starter: string,
  options: {hidden?: boolean; paintTiming?: boolean; chunks?: string[] | null; scripts?: string[]} = {},
) {
  const scripts = options.scripts ?? ['/assets/js/runtime~main.1.js', '/assets/js/main.2.js'];
  const chunks = options.chunks === undefined ? ['/assets/js/a.3.js', '/assets/js/b.4.js'] : options.chunks;
  const inserted: Inserted[] = [];
  const frames: Array<() => void> = [];
  const timers: Array<{at: number; run: () => void}> = [];
  const listeners: Array<() => void> = [];
  const observers: Array<{callback: (list: unknown, o: unknown) => void; live: boolean; o: unknown}> = [];
  let now = 0;
  const page = {visibilityState: options.hidden ? 'hidden' : 'visible'};
  const element = (tag: string) => {
    const e: Record<string, unknown> = {tag};
    Object.defineProperty(e, 'setAttribute', {value: (name: string, value: string) => (e[name] = value)});
    return e as unknown as Inserted;
  };
  const document = {
    get visibilityState() {
      return page.visibilityState;
    },
    getElementById: (id: string) =>
      id === '__docusaurus-scripts'
        ? {textContent: JSON.stringify(scripts)}
        : id === '__docusaurus-preloads' && chunks
          ? {textContent: JSON.stringify(chunks)}
          : null,
    createElement: element,
    head: {appendChild: (e: Inserted) => inserted.push({...e, into: 'head'})},
    body: {appendChild: (e: Inserted) => inserted.push({...e, into: 'body'})},
    addEventListener: (type: string, listener: () => void) => {
      if (type === 'visibilitychange') listeners.push(listener);
    },
  };
  class PerformanceObserver {
    static supportedEntryTypes = options.paintTiming === false ? ['resource'] : ['paint', 'resource'];
    entry: {callback: (list: unknown, o: unknown) => void; live: boolean; o: unknown};
    constructor(callback: (list: unknown, o: unknown) => void) {
      this.entry = {callback, live: false, o: this};
      observers.push(this.entry);
    }
    observe(init: {type?: string}) {
      assert.equal(init.type, 'paint');
      this.entry.live = true;
    }
    disconnect() {
      this.entry.live = false;
    }
  }
  const sandbox: Record<string, unknown> = {
    document,
    PerformanceObserver,
    JSON,
    performance: {now: () => now},
    requestAnimationFrame: (f: () => void) => frames.push(f),
    setTimeout: (f: () => void, ms = 0) => timers.push({at: now + ms, run: f}),
  };
  sandbox.window = sandbox;
  runInNewContext(starter, sandbox);
  return {
    inserted,
    /** Runs the pending frame callbacks (a hidden page has no frames), then the timers due within `ms`, in order. */
    advance(ms: number) {
      const runFrames = () => {
        if (page.visibilityState === 'visible') frames.splice(0).forEach((f) => f());
      };
      runFrames();
      const until = now + ms;
      for (;;) {
        timers.sort((a, b) => a.at - b.at);
        const next = timers[0];
        if (!next || next.at > until) break;
        timers.shift();
        now = next.at;
        next.run();
        runFrames();
      }
      now = until;
    },
    paint(name: string) {
      for (const o of observers.filter((x) => x.live)) {
        o.callback({getEntriesByName: (n: string) => (n === name ? [{name, startTime: now}] : [])}, o.o);
      }
    },
    hide() {
      page.visibilityState = 'hidden';
      listeners.forEach((l) => l());
    },
  };
}

/** What the starter inserted before the first contentful paint was reported, with frames and 1 s of timers run. */
function insertedBeforeFirstContentfulPaint(starter: string): Inserted[] {
  const page = fakePage(starter);
  page.advance(0);
  page.paint('first-paint');
  page.advance(900);
  return page.inserted;
}

const expectedStart = [
  {tag: 'link', rel: 'preload', as: 'script', fetchpriority: 'low', href: '/assets/js/a.3.js', into: 'head'},
  {tag: 'link', rel: 'preload', as: 'script', fetchpriority: 'low', href: '/assets/js/b.4.js', into: 'head'},
  {tag: 'script', src: '/assets/js/runtime~main.1.js', async: false, into: 'body'},
  {tag: 'script', src: '/assets/js/main.2.js', async: false, into: 'body'},
];

test('nothing is requested or started before the first contentful paint; then the chunks, then the bundle', () => {
  assert.deepEqual(insertedBeforeFirstContentfulPaint(STARTER), []);
  const page = fakePage(STARTER);
  page.advance(100);
  page.paint('first-contentful-paint');
  assert.deepEqual(page.inserted, expectedStart);
  page.advance(10_000);
  page.hide();
  assert.equal(page.inserted.length, expectedStart.length, 'started once');
});

test('a page without route chunks starts the bundle alone', () => {
  const page = fakePage(STARTER, {chunks: null});
  page.paint('first-contentful-paint');
  assert.deepEqual(page.inserted, expectedStart.slice(2));
});

test('a page that cannot report its paint still starts', () => {
  // In a background tab: nothing paints; after the first frame or a second.
  const hidden = fakePage(STARTER, {hidden: true});
  hidden.advance(999);
  assert.deepEqual(hidden.inserted, []);
  hidden.advance(1);
  assert.deepEqual(hidden.inserted, expectedStart);
  // No Paint Timing: after the first frame.
  const old = fakePage(STARTER, {paintTiming: false});
  old.advance(0);
  assert.deepEqual(old.inserted, expectedStart);
  // Hidden while it loads: at once.
  const left = fakePage(STARTER);
  left.hide();
  assert.deepEqual(left.inserted, expectedStart);
  // A paint that is never reported: the chunks after LATE_PRELOAD_MS, the bundle after 5 s.
  const silent = fakePage(STARTER);
  silent.advance(4999);
  assert.deepEqual(silent.inserted, expectedStart.slice(0, 2));
  silent.advance(1);
  assert.deepEqual(silent.inserted, expectedStart);
});

test('a late first paint (slow network): the chunks download from LATE_PRELOAD_MS, the bundle starts at the paint', () => {
  const page = fakePage(STARTER);
  page.advance(LATE_PRELOAD_MS - 1);
  assert.deepEqual(page.inserted, [], 'nothing before');
  page.advance(1);
  assert.deepEqual(page.inserted, expectedStart.slice(0, 2), 'the chunks, not the bundle');
  page.advance(700);
  page.paint('first-contentful-paint');
  assert.deepEqual(page.inserted, expectedStart, 'then the bundle, and no chunk twice');
});

test('planted: a starter that goes by the first animation frame is caught', () => {
  const byFrame = `(function () {
    var started = false;
    function start() {
      if (started) return;
      started = true;
      JSON.parse(document.getElementById('__docusaurus-scripts').textContent).forEach(function (src) {
        var script = document.createElement('script');
        script.src = src;
        script.async = false;
        document.body.appendChild(script);
      });
    }
    requestAnimationFrame(function () { setTimeout(start, 0); });
    setTimeout(start, 1000);
  })();`;
  assert.equal(insertedBeforeFirstContentfulPaint(byFrame).length, 2);
});
