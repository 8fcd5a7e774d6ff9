// Webpack loader for @docsearch/react's bundles (see src/plugins/csp-no-eval.ts): they inline zod 4, which probes
// whether it may compile validators with `new Function("")`, in a try/catch, the first time a schema is built. Under
// the site's Content-Security-Policy (no 'unsafe-eval') the probe is blocked, which the browser reports as a
// violation and a console error even though zod then carries on without it. The probe is replaced by its answer under
// this policy, "no": zod takes the path it takes on hosts without eval. A file that still mentions Function("") after
// the replacement fails the build, so a DocSearch update that rewrites the probe is noticed.
const PROBE = 'try{return new Function(""),!0}catch(e){return!1}';

module.exports = function noEvalLoader(source) {
  const replaced = source.split(PROBE).join('return!1');
  if (/\bFunction\(\s*""\s*\)/.test(replaced)) {
    throw new Error(
      `${this.resourcePath}: zod's eval probe changed shape; update src/plugins/noEvalLoader.cjs (the site's CSP has no 'unsafe-eval')`,
    );
  }
  return replaced;
};
