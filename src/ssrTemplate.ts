// The page template (Docusaurus `ssrTemplate`): the stock one, except how the site bundle starts. Stock pages load it
// with `defer`, so on a fast connection the bundle (about 100 ms of script on a mid-range phone) runs as soon as the
// HTML is parsed, before the browser has painted the article. Here the bundle is fetched from the <head> as early as
// stock fetches it (a `<link rel="preload">` per script, where stock has its `defer` scripts), but started only after
// the first contentful paint (the starter, STARTER below): the text paints first, then the page hydrates. Without the
// preload the download would begin only when the script elements are inserted, after that paint: on slow 4G that put
// hydration about 0.8 s behind stock (`npm run bench:hydration`). The preloads are `fetchpriority="low"`: at the
// default priority they competed with the stylesheet, and Lighthouse counts every high-priority script requested
// before the first paint as blocking it, which doubled its first paint (issue #28). The page's route chunks are
// preloaded by the starter, after the paint (src/plugins/route-preload.ts says why); tests/output/head-priority.test.ts
// keeps both so. The script names come in JSON data blocks, so that the starter itself is the same text in every
// build: its sha256 in the Content-Security-Policy (src/host/csp.ts) changes only when this template does, and a host
// whose CSP header is configured by hand (MAINTAINERS.md, 部署) does not have to change it with each release.
import {EARLY_SEARCH_SCRIPT} from './search/client/earlyIntent';

/** The JSON data block that names the site bundle's scripts (written by the template below). */
export const SCRIPTS_ID = '__docusaurus-scripts';
/** The JSON data block that names the page's route chunks (written after the build by src/plugins/route-preload.ts). */
export const PRELOADS_ID = '__docusaurus-preloads';
/** When a page has not painted this long after navigation start (a slow network), its route chunks download anyway. */
export const LATE_PRELOAD_MS = 1000;
/**
 * The starter: inserts the site bundle's scripts (named by the JSON block `__docusaurus-scripts`) once the page has
 * shown its text, that is when the browser reports the first contentful paint (Paint Timing). Issue #28: it used to
 * wait for the first animation frame, but the first frame's callbacks run before that frame paints, and a frame that
 * runs them need not paint at all (in Lighthouse's trace the bundle started 30 ms before the first paint): the bundle
 * then ran before the observed largest contentful paint, so Lighthouse counted every script preloaded in the <head>
 * as needed for it and its LCP was twice the floor's. A page in a background tab paints nothing, and a browser without
 * Paint Timing reports nothing: those start after the first frame or after a second, as before; a page hidden while it
 * loads starts at once, and a timer covers a paint that is never reported. The route chunks are preloaded with the
 * bundle, or LATE_PRELOAD_MS after navigation start if the page has not painted by then: on a fast connection the
 * paint comes well before (Lighthouse's observed paint is at 0.2–0.3 s, so the chunks stay out of its LCP), and on a
 * slow one the page's code does not wait idle for a paint the stylesheet and the article hold back. Plain ES5, one line
 * per statement: its sha256 is in the CSP, and tests/unit/starter.test.ts runs it.
 */
export const STARTER = `(function () {
  var started = false;
  var preloaded = false;
  function preload() {
    if (preloaded) return;
    preloaded = true;
    var chunks = document.getElementById('${PRELOADS_ID}');
    if (!chunks) return;
    JSON.parse(chunks.textContent).forEach(function (href) {
      var link = document.createElement('link');
      link.rel = 'preload';
      link.as = 'script';
      link.setAttribute('fetchpriority', 'low');
      link.href = href;
      document.head.appendChild(link);
    });
  }
  function start() {
    if (started) return;
    started = true;
    preload();
    var list = document.getElementById('${SCRIPTS_ID}');
    JSON.parse(list.textContent).forEach(function (src) {
      var script = document.createElement('script');
      script.src = src;
      script.async = false;
      document.body.appendChild(script);
    });
  }
  var late = ${LATE_PRELOAD_MS} - performance.now();
  setTimeout(preload, late > 0 ? late : 0);
  var types = window.PerformanceObserver && PerformanceObserver.supportedEntryTypes;
  if (document.visibilityState === 'hidden' || !types || types.indexOf('paint') < 0) {
    requestAnimationFrame(function () {
      setTimeout(start, 0);
    });
    setTimeout(start, 1000);
    return;
  }
  var observer = new PerformanceObserver(function (list) {
    if (list.getEntriesByName('first-contentful-paint').length) {
      observer.disconnect();
      start();
    }
  });
  observer.observe({type: 'paint', buffered: true});
  document.addEventListener('visibilitychange', function () {
    if (document.visibilityState === 'hidden') start();
  });
  setTimeout(start, 5000);
})();`;

export const ssrTemplate = `
<!DOCTYPE html>
<html <%~ it.htmlAttributes %>>
  <head>
    <meta charset="UTF-8">
    <meta name="generator" content="Docusaurus v<%= it.version %>">
    <% it.metaAttributes.forEach((metaAttribute) => { %>
      <%~ metaAttribute %>
    <% }); %>
    <%~ it.headTags %>
    <script>${EARLY_SEARCH_SCRIPT}</script>
    <% it.stylesheets.forEach((stylesheet) => { %>
      <link rel="stylesheet" href="<%= it.baseUrl %><%= stylesheet %>" />
    <% }); %>
    <% it.scripts.forEach((script) => { %>
      <link rel="preload" href="<%= it.baseUrl %><%= script %>" as="script" fetchpriority="low" />
    <% }); %>
  </head>
  <body <%~ it.bodyAttributes %>>
    <%~ it.preBodyTags %>
    <div id="__docusaurus"><%~ it.appHtml %></div>
    <script type="application/json" id="${SCRIPTS_ID}"><%~ JSON.stringify(it.scripts.map((script) => it.baseUrl + script)) %></script>
    <script>${STARTER}</script>
    <%~ it.postBodyTags %>
  </body>
</html>
`;
