// The page template (Docusaurus `ssrTemplate`): the stock one, except how the site bundle starts. Stock pages load it
// with `defer`, so on a fast connection the bundle (about 100 ms of script on a mid-range phone) runs as soon as the
// HTML is parsed, before the browser has painted the article. Here the bundle is fetched from the <head> as early as
// stock fetches it (a `<link rel="preload">` per script, where stock has its `defer` scripts), but started only after
// the first frame that shows the parsed page: the text paints first, then the page hydrates. Without the preload the
// download would begin only when the script elements are inserted, after that frame: on slow 4G that put hydration
// about 0.8 s behind stock (`npm run bench:hydration`). The preloads are `fetchpriority="low"`, as are those of the
// page's route chunks (src/plugins/route-preload.ts): at the default priority they competed with the stylesheet, and
// Lighthouse counts every high-priority script requested before the first paint as blocking it, which doubled its
// first paint (issue #28); tests/output/head-priority.test.ts keeps it so. The start falls back to a timer when no frame comes (a page in a background tab). The script names come in
// JSON data blocks, so that the starter itself is the same text in every build: its sha256 in the
// Content-Security-Policy (src/host/csp.ts) changes only when this template does, and a host whose CSP header is
// configured by hand (README, 部署) does not have to change it with each release.
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
    <script type="application/json" id="__docusaurus-scripts"><%~ JSON.stringify(it.scripts.map((script) => it.baseUrl + script)) %></script>
    <script>
      (function () {
        var started = false;
        function start() {
          if (started) return;
          started = true;
          var list = document.getElementById('__docusaurus-scripts');
          JSON.parse(list.textContent).forEach(function (src) {
            var script = document.createElement('script');
            script.src = src;
            script.async = false;
            document.body.appendChild(script);
          });
        }
        requestAnimationFrame(function () {
          setTimeout(start, 0);
        });
        setTimeout(start, 1000);
      })();
    </script>
    <%~ it.postBodyTags %>
  </body>
</html>
`;
