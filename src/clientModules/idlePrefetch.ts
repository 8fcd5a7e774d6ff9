// Route prefetching in idle time. Docusaurus prefetches a route's chunks as soon as a link to it scrolls into view,
// synchronously in the IntersectionObserver callback: on a page load that is one task adding 200 to 350
// <link rel="prefetch"> elements (300 ms under a mobile CPU). Here each route's prefetch waits in a queue that is
// worked off in idle callbacks, a few milliseconds at a time. What is prefetched, and the rule that 2g and
// data-saver connections prefetch nothing, stay Docusaurus' own (`window.docusaurus.prefetch`).

/** `window.docusaurus` as @docusaurus/core sets it (a frozen object, so it is replaced rather than patched). */
export interface DocusaurusGlobal {
  prefetch: (routePath: string) => false | Promise<void[]>;
  preload: (routePath: string) => false | Promise<void[]>;
}

/** Longest stretch of prefetching in one idle callback, in ms: well under a 50 ms long task on a 4× slower CPU. */
const SLICE_MS = 4;

type Schedule = (work: (deadline: IdleDeadline) => void) => void;

const idle: Schedule = (work) => {
  if (typeof requestIdleCallback === 'function') requestIdleCallback(work, {timeout: 3000});
  else setTimeout(() => work({didTimeout: true, timeRemaining: () => SLICE_MS}), 50);
};

/** A `window.docusaurus` whose prefetch queues the route and runs the original prefetch in idle time, in order. */
export function idlePrefetching(original: DocusaurusGlobal, schedule: Schedule = idle): DocusaurusGlobal {
  const queue = new Set<string>();
  let scheduled = false;
  const work = (deadline: IdleDeadline) => {
    scheduled = false;
    const start = performance.now();
    let done = 0;
    for (const routePath of queue) {
      if (deadline.timeRemaining() <= 0 && !deadline.didTimeout) break;
      // The first route of a slice always goes: a thread preempted right after `start` must still make progress.
      if (done++ > 0 && performance.now() - start >= SLICE_MS) break;
      queue.delete(routePath);
      // A failed prefetch only costs a later load; Docusaurus' own helper swallows chunk errors the same way.
      void Promise.resolve(original.prefetch(routePath)).catch(() => undefined);
    }
    if (queue.size && !scheduled) {
      scheduled = true;
      schedule(work);
    }
  };
  return Object.freeze({
    preload: original.preload,
    prefetch: (routePath: string) => {
      queue.add(routePath);
      if (!scheduled) {
        scheduled = true;
        schedule(work);
      }
      return false as const;
    },
  });
}

// @docusaurus/core assigns `window.docusaurus` right after the client modules are evaluated; the setter takes its
// object and the rest of the app reads the idle version.
if (typeof window !== 'undefined') {
  let current: DocusaurusGlobal | undefined;
  Object.defineProperty(window, 'docusaurus', {
    configurable: true,
    enumerable: true,
    get: () => current,
    set: (value: DocusaurusGlobal) => {
      current = idlePrefetching(value);
    },
  });
}
