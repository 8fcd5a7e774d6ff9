// The site's Content-Security-Policy, computed from the built pages (src/plugins/host.ts): scripts only from the site
// itself and from the sha256 hashes of the inline scripts the build emits, no 'unsafe-inline' or 'unsafe-eval' for
// scripts. One computation gives both the response header (deploy/nginx) and the <meta http-equiv> in every page.
// Pure functions, no file access, so the unit tests and the header grade (tests/unit/host-headers.test.ts) use them.
import {createHash} from 'node:crypto';

export type Policy = ReadonlyArray<readonly [directive: string, sources: readonly string[]]>;

/** Script types a browser executes; anything else (application/ld+json, ...) is a data block, not checked by CSP. */
const EXECUTABLE = /^(|module|text\/javascript|application\/javascript|text\/ecmascript|application\/ecmascript)$/i;

/** The text of every inline script a browser would execute, in document order, exactly as the HTML holds it. */
export function inlineScripts(html: string): string[] {
  const scripts: string[] = [];
  for (const match of html.matchAll(/<script\b([^>]*)>([\s\S]*?)<\/script\s*>/gi)) {
    const attributes = match[1] ?? '';
    if (/\ssrc\s*=/i.test(attributes)) continue;
    const type = /\stype\s*=\s*(?:"([^"]*)"|'([^']*)'|([^\s>]+))/i.exec(attributes);
    if (!EXECUTABLE.test((type?.[1] ?? type?.[2] ?? type?.[3] ?? '').trim())) continue;
    scripts.push(match[2] ?? '');
  }
  return scripts;
}

/** The CSP hash source of a script's text: `'sha256-<base64>'` over its UTF-8 bytes. */
export function hashSource(script: string): string {
  return `'sha256-${createHash('sha256').update(script, 'utf8').digest('base64')}'`;
}

/**
 * The hosts the hosted Algolia search client (algoliasearch v5 lite, and DocSearch's own copy of it) sends search
 * requests to: the DSN host first, then the three fallbacks. The write host `{appId}.algolia.net` is not used for
 * searching, and insights are off (docusaurus.config.ts), so nothing else is allowed.
 */
export function algoliaHosts(appId: string): string[] {
  const id = appId.toLowerCase();
  return [`https://${id}-dsn.algolia.net`, ...[1, 2, 3].map((n) => `https://${id}-${n}.algolianet.com`)];
}

export interface PolicyOptions {
  /** Hash sources of every inline script of every page (one policy for the whole site). */
  scriptHashes: readonly string[];
  /** Set in hosted-Algolia builds: its search hosts are allowed in connect-src. */
  algoliaAppId?: string;
}

export function contentSecurityPolicy({scriptHashes, algoliaAppId}: PolicyOptions): Policy {
  return [
    // Everything not named below is refused: frames, workers, objects, media, prefetch of other origins.
    ['default-src', ["'none'"]],
    ['script-src', ["'self'", ...[...new Set(scriptHashes)].sort()]],
    // Styles may be relaxed (the issue allows it): React renders style attributes, Mermaid writes a <style> into each
    // diagram and DocSearch sets inline styles. None of them can run script.
    ['style-src', ["'self'", "'unsafe-inline'"]],
    // data: for the SVG icons Infima's stylesheet embeds (menu carets, external-link arrows).
    ['img-src', ["'self'", 'data:']],
    ['font-src', ["'self'"]],
    // Route chunks, the embedded search index and idle prefetches are same-origin; hosted search adds Algolia.
    ['connect-src', ["'self'", ...(algoliaAppId ? algoliaHosts(algoliaAppId) : [])]],
    ['manifest-src', ["'self'"]],
    ['base-uri', ["'none'"]],
    ['form-action', ["'self'"]],
    ['frame-ancestors', ["'none'"]],
  ];
}

/** Directives a browser ignores (with a console error) in a <meta> policy. */
const HEADER_ONLY = new Set(['frame-ancestors', 'report-uri', 'sandbox']);

/** The policy as a header value, or for a <meta http-equiv> (without the header-only directives). */
export function serializePolicy(policy: Policy, {meta = false} = {}): string {
  return policy
    .filter(([directive]) => !meta || !HEADER_ONLY.has(directive))
    .map(([directive, sources]) => [directive, ...sources].join(' '))
    .join('; ');
}

/** Parses a policy (header or meta value) into directive → sources; the first occurrence of a directive wins. */
export function parsePolicy(value: string): Map<string, string[]> {
  const policy = new Map<string, string[]>();
  for (const part of value.split(';')) {
    const [directive, ...sources] = part.trim().split(/\s+/);
    if (!directive) continue;
    const name = directive.toLowerCase();
    if (!policy.has(name)) policy.set(name, sources);
  }
  return policy;
}

const META_MARK = 'http-equiv="Content-Security-Policy"';

/**
 * The page with the policy as the first element after `<meta charset>`: a meta policy applies only to what follows
 * it, so it must precede every script. Replaces an existing one (a rebuild over the same output never doubles it).
 */
export function withMetaPolicy(html: string, value: string): string {
  const tag = `<meta ${META_MARK} content="${value.replace(/&/g, '&amp;').replace(/"/g, '&quot;')}">`;
  const existing = new RegExp(`<meta ${META_MARK} content="[^"]*">`);
  if (existing.test(html)) return html.replace(existing, tag);
  const charset = /<meta\s+charset\s*=\s*["']?utf-8["']?\s*\/?>/i.exec(html);
  if (charset)
    return html.slice(0, charset.index + charset[0].length) + tag + html.slice(charset.index + charset[0].length);
  const head = /<head\b[^>]*>/i.exec(html);
  if (!head) throw new Error('页面没有 <head>，无法写入 Content-Security-Policy');
  return html.slice(0, head.index + head[0].length) + tag + html.slice(head.index + head[0].length);
}

/** The nginx snippet the deploy config includes: the header value as a variable (deploy/nginx/docs.conf). */
export function nginxPolicySnippet(headerValue: string): string {
  if (/["\\$]/.test(headerValue)) throw new Error(`CSP 含有 nginx 字符串不能直接写入的字符：${headerValue}`);
  return (
    "# Generated by src/plugins/host.ts at build time (the hashes of this build's inline scripts); do not edit.\n" +
    `set $content_security_policy "${headerValue}";\n`
  );
}
