// The browser bundle's entry (src/plugins/staged-entry.ts puts it in place of Docusaurus' own, core's
// client/clientEntry.js). It runs that entry, but spread over tasks: evaluating the bundle's modules took one task of
// 110–155 ms on a mid-range phone (4x CPU; MAINTAINERS.md 页面加载), most of it V8 compiling react-dom and the theme the first
// time they run, and a task that long keeps a tap or a scroll waiting. Each step below evaluates a part of what core's
// entry imports, in the order it imports them, and yields between steps, so the browser may handle input and paint;
// the last step is core's entry itself, which finds its imports evaluated and hydrates the page as before. The CSS is
// unaffected (the stylesheet is built from the same import graph, and is byte-identical).

/** Resolves in a new task: a message, not a timer, so that a page hidden while it starts is not held back. */
function nextTask(): Promise<void> {
  return new Promise((resolve) => {
    const channel = new MessageChannel();
    channel.port1.onmessage = () => {
      channel.port1.close();
      resolve();
    };
    channel.port2.postMessage(null);
  });
}

/** `webpackMode: "eager"`: the modules stay in this bundle; the import only decides when they are evaluated. */
const steps: Array<() => unknown> = [
  () => import(/* webpackMode: "eager" */ 'react-dom/client'),
  () => import(/* webpackMode: "eager" */ '@generated/client-modules'),
  () => import(/* webpackMode: "eager" */ '@generated/routes'),
  // Core's entry starts by loading the page's route chunks (their scripts are already downloading, preloaded by the
  // page's starter): matching the route table and inserting a dozen script elements, 20–30 ms at 4x CPU. Started
  // here, in the same way, it is a task of its own; core's own call finds the chunks loading (react-loadable keeps
  // one promise per chunk) and only waits for them. A failure shows there, as before.
  () =>
    import(/* webpackMode: "eager" */ '@docusaurus/core/lib/client/preload').then(({default: preload}) => {
      preload(window.location.pathname).catch(() => undefined);
    }),
  () => import(/* webpackMode: "eager" */ '@docusaurus/core/lib/client/App'),
  // The first String#localeCompare of a page builds V8's collator for the browser's language (about 9 ms on a
  // desktop, 35 ms at 4x CPU), and theme-common sorts with it while hydrating each code block (useShallowMemoObject):
  // built here, in a task of its own, it is not part of one of hydration's.
  () => 'a'.localeCompare('b'),
  () => import(/* webpackMode: "eager" */ '@docusaurus/core/lib/client/clientEntry'),
];

async function start(): Promise<void> {
  for (const step of steps) {
    // The first yield also parts the step from compiling the bundle's script.
    await nextTask();
    await step();
  }
}

void start();
