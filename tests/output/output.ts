// The built sites, read from disk: the checks that need no browser (scripts/test.sh runs them after both builds).
import {existsSync, readFileSync} from 'node:fs';
import {join} from 'node:path';

/** The production build (`E2E_BUILD_DIR`, default `build`) and the test build beside it (scripts/test.sh). */
export const buildDir = join(process.cwd(), process.env.E2E_BUILD_DIR ?? 'build');
export const testBuildDir = `${buildDir}-test`;

/** Paths of every page in a build's sitemap, as served. */
export function sitemapPaths(dir = buildDir): string[] {
  const xml = readFileSync(join(dir, 'sitemap.xml'), 'utf8');
  return [...xml.matchAll(/<loc>([^<]+)<\/loc>/g)].map((m) => new URL(m[1]!.replace(/&amp;/g, '&')).pathname);
}

/** The file a static host serves for `path` (percent-encoded, as in the sitemap). */
export function builtFile(path: string, dir = buildDir): string {
  const decoded = decodeURIComponent(path);
  const file = [join(dir, decoded, 'index.html'), join(dir, `${decoded}.html`), join(dir, decoded)].find(
    (f) => existsSync(f) && !f.endsWith('/'),
  );
  if (!file) throw new Error(`nothing built for ${path} in ${dir}`);
  return file;
}

export function builtText(path: string, dir = buildDir): string {
  return readFileSync(builtFile(path, dir), 'utf8');
}

type Attributes = Record<string, string>;

function decodeEntities(text: string): string {
  return text.replace(/&(#x[0-9a-f]+|#\d+|amp|quot|lt|gt|apos);/gi, (entity, code: string) => {
    const named: Record<string, string> = {amp: '&', quot: '"', lt: '<', gt: '>', apos: "'"};
    if (code[0] !== '#') return named[code.toLowerCase()] ?? entity;
    return String.fromCodePoint(code[1] === 'x' ? parseInt(code.slice(2), 16) : Number(code.slice(1)));
  });
}

/** The tags named `name` in an HTML fragment, as attribute maps (the HTML is minified: values may be bare). */
export function tags(html: string, name: string): Attributes[] {
  return [...html.matchAll(new RegExp(`<${name}\\b([^>]*)>`, 'g'))].map(([, attrs]) =>
    Object.fromEntries(
      [...attrs!.matchAll(/([^\s=/]+)(?:=("[^"]*"|'[^']*'|[^\s>]+))?/g)].map(([, key, value = '']) => [
        key!.toLowerCase(),
        decodeEntities(value.replace(/^(["'])(.*)\1$/s, '$2').replace(/\/$/, '')),
      ]),
    ),
  );
}

/** The <meta> and <link> tags of a built page's <head>. */
export function headTags(html: string): {meta: Attributes[]; link: Attributes[]} {
  const head = html.slice(0, html.indexOf('</head>'));
  return {meta: tags(head, 'meta'), link: tags(head, 'link')};
}

/**
 * What a built page asks the browser to fetch at high priority before its first paint, which only the stylesheets may
 * (issue #28: high-priority script preloads in the <head> shared the connection with the stylesheet and doubled
 * Lighthouse's first paint): every external <script> (the site bundle is started by the page's starter script after
 * the first frame, src/ssrTemplate.ts), and every preload or modulepreload that is not an image and not
 * `fetchpriority="low"`. One line per offending tag; empty when the page is right.
 */
export function earlyHighPriorityRequests(html: string): string[] {
  const found: string[] = [];
  for (const attrs of tags(html, 'script')) {
    if ('src' in attrs) found.push(`<script src=${attrs.src}>`);
  }
  for (const attrs of tags(html, 'link')) {
    const rel = (attrs.rel ?? '').toLowerCase().split(/\s+/);
    if (rel.includes('stylesheet') || !(rel.includes('preload') || rel.includes('modulepreload'))) continue;
    if (rel.includes('preload') && attrs.as === 'image') continue;
    if ((attrs.fetchpriority ?? '').toLowerCase() === 'low') continue;
    found.push(`<link rel=${attrs.rel} href=${attrs.href} as=${attrs.as ?? ''}>`);
  }
  return found;
}

/**
 * The scripts a built page requests before its first paint, in document order: every external <script> and every
 * script preload or modulepreload in its HTML. Issue #28: Lighthouse counts a script whose download ended before the
 * observed largest contentful paint as needed for it, unless it ran in a long task after that paint, which the small
 * route chunks never do; so only the site bundle may be requested that early (runtime~main and main: main's start is
 * one long task, runtime~main is a few KiB), and the starter (src/ssrTemplate.ts) requests the route chunks after the
 * first contentful paint.
 */
export function scriptsBeforeFirstPaint(html: string): string[] {
  const found: string[] = [];
  const preload = (attrs: Attributes) => {
    const rel = (attrs.rel ?? '').toLowerCase().split(/\s+/);
    return rel.includes('modulepreload') || (rel.includes('preload') && attrs.as === 'script');
  };
  for (const [tag, name] of html.matchAll(/<(script|link)\b[^>]*>/gi)) {
    const element = name!.toLowerCase();
    const attrs = tags(tag, element)[0] ?? {};
    if (element === 'script' && attrs.src !== undefined) found.push(attrs.src);
    if (element === 'link' && preload(attrs)) found.push(attrs.href ?? '');
  }
  return found;
}
