// The header tests of Mozilla's HTTP Observatory (MDN's rewrite, github.com/mdn/mdn-http-observatory: its analyzer
// tests and src/grader/charts.js), for what a static site can be graded on: the final response of a scan of `/`, its
// HTML, and whether plain http redirects to https. Start at 100; penalties first; bonuses only when the score without
// them is at least 90; 100 and above is A+. Used by tests/unit/host-headers.test.ts and tests/e2e/csp.spec.ts.
import {parsePolicy} from '../../src/host/csp';

export interface Scan {
  /** Response headers of the final response (after redirects), names in any case. */
  headers: Record<string, string | string[] | undefined>;
  /** Its HTML. */
  html: string;
  /** The page's origin as the scanner sees it (https for production). */
  origin: string;
  /** Whether http://host/ redirects to https on the same host first. */
  httpRedirectsToHttpsSameHost: boolean;
}

export interface TestResult {
  test: string;
  result: string;
  modifier: number;
}

const BROAD = new Set(['ftp:', 'http:', 'https:', '*', 'http://*', 'http://*.*', 'https://*', 'https://*.*']);
const UNSAFE_INLINE = new Set(["'unsafe-inline'", 'data:']);
const HASH_OR_NONCE = /^'(sha256-|sha384-|sha512-|nonce-)/;

function header(scan: Scan, name: string): string[] {
  const entry = Object.entries(scan.headers).find(([key]) => key.toLowerCase() === name);
  const value = entry?.[1];
  if (value === undefined) return [];
  return Array.isArray(value) ? value : [value];
}

function metaPolicies(html: string): string[] {
  return [...html.matchAll(/<meta\s+http-equiv=["']?Content-Security-Policy["']?\s+content="([^"]*)"/gi)].map((m) =>
    m[1]!
      .replace(/&quot;/g, '"')
      .replace(/&#39;/g, "'")
      .replace(/&amp;/g, '&'),
  );
}

/** Merges policies the way the Observatory does: for each directive, the first policy's sources that name it. */
function merged(values: string[]): Map<string, Set<string>> {
  const policy = new Map<string, Set<string>>();
  for (const value of values.flatMap((v) => v.split(','))) {
    for (const [directive, sources] of parsePolicy(value)) {
      if (!policy.has(directive)) policy.set(directive, new Set(sources));
    }
  }
  return policy;
}

export function cspTest(scan: Scan): TestResult {
  const test = 'content-security-policy';
  const http = header(scan, 'content-security-policy');
  const meta = metaPolicies(scan.html);
  if (!http.length && !meta.length) return {test, result: 'csp-not-implemented', modifier: -25};
  const csp = merged([...http, ...meta]);
  const get = (name: string, fallback?: string) => csp.get(name) ?? (fallback ? csp.get(fallback) : undefined);
  const scriptSrc = new Set(get('script-src', 'default-src') ?? ['*']);
  const styleSrc = new Set(get('style-src', 'default-src') ?? ['*']);
  const objectSrc = new Set(get('object-src', 'default-src') ?? ['*']);
  for (const list of [scriptSrc, styleSrc]) {
    if ([...list].some((s) => HASH_OR_NONCE.test(s))) list.delete("'unsafe-inline'");
  }
  const secure = scan.origin.startsWith('https:');
  const active = [...csp.entries()]
    .filter(([d]) => d !== 'img-src' && d !== 'media-src' && d !== 'script-src')
    .flatMap(([, s]) => [...s])
    .concat([...scriptSrc]);
  if ([...scriptSrc].some((s) => BROAD.has(s) || UNSAFE_INLINE.has(s)) || [...objectSrc].some((s) => BROAD.has(s))) {
    return {test, result: 'csp-implemented-with-unsafe-inline', modifier: -20};
  }
  if (secure && active.some((s) => s.startsWith('http:') || s.startsWith('ftp:'))) {
    return {test, result: 'csp-implemented-with-insecure-scheme', modifier: -20};
  }
  if (scriptSrc.has("'unsafe-eval'") || styleSrc.has("'unsafe-eval'")) {
    return {test, result: 'csp-implemented-with-unsafe-eval', modifier: -10};
  }
  const passive = ['img-src', 'media-src'].flatMap((d) => [...(get(d, 'default-src') ?? [])]);
  if (secure && passive.some((s) => s.startsWith('http:') || s.startsWith('ftp:'))) {
    return {test, result: 'csp-implemented-with-insecure-scheme-in-passive-content-only', modifier: -10};
  }
  if ([...styleSrc].some((s) => BROAD.has(s) || UNSAFE_INLINE.has(s))) {
    return {test, result: 'csp-implemented-with-unsafe-inline-in-style-src-only', modifier: 0};
  }
  const defaultSrc = csp.get('default-src');
  if (defaultSrc?.size === 1 && defaultSrc.has("'none'")) {
    return {test, result: 'csp-implemented-with-no-unsafe-default-src-none', modifier: 10};
  }
  return {test, result: 'csp-implemented-with-no-unsafe', modifier: 5};
}

export function cookiesTest(scan: Scan): TestResult {
  const cookies = header(scan, 'set-cookie');
  if (!cookies.length) return {test: 'cookies', result: 'cookies-not-found', modifier: 0};
  const all = cookies.every(
    (c) => /;\s*secure/i.test(c) && /;\s*httponly/i.test(c) && /;\s*samesite=(strict|lax)/i.test(c),
  );
  return all
    ? {test: 'cookies', result: 'cookies-secure-with-httponly-sessions-and-samesite', modifier: 5}
    : {test: 'cookies', result: 'cookies-without-secure-flag', modifier: -20};
}

export function corsTest(scan: Scan): TestResult {
  const test = 'cross-origin-resource-sharing';
  const origin = header(scan, 'access-control-allow-origin')[0];
  if (!origin) return {test, result: 'cross-origin-resource-sharing-not-implemented', modifier: 0};
  const credentials = header(scan, 'access-control-allow-credentials')[0]?.toLowerCase() === 'true';
  if (origin === '*' && !credentials) {
    return {test, result: 'cross-origin-resource-sharing-implemented-with-public-access', modifier: 0};
  }
  return {test, result: 'cross-origin-resource-sharing-implemented-with-universal-access', modifier: -50};
}

export function redirectionTest(scan: Scan): TestResult {
  return scan.httpRedirectsToHttpsSameHost
    ? {test: 'redirection', result: 'redirection-to-https', modifier: 0}
    : {test: 'redirection', result: 'redirection-missing', modifier: -20};
}

export function referrerPolicyTest(scan: Scan): TestResult {
  const test = 'referrer-policy';
  const values = header(scan, 'referrer-policy').flatMap((v) => v.split(',').map((s) => s.trim().toLowerCase()));
  if (!values.length) return {test, result: 'referrer-policy-not-implemented', modifier: 0};
  const last = values.at(-1)!;
  if (['no-referrer', 'same-origin', 'strict-origin', 'strict-origin-when-cross-origin'].includes(last)) {
    return {test, result: 'referrer-policy-private', modifier: 5};
  }
  if (['origin', 'origin-when-cross-origin', 'unsafe-url', 'no-referrer-when-downgrade'].includes(last)) {
    return {test, result: 'referrer-policy-unsafe', modifier: -5};
  }
  return {test, result: 'referrer-policy-header-invalid', modifier: -5};
}

export function hstsTest(scan: Scan): TestResult {
  const test = 'strict-transport-security';
  if (!scan.origin.startsWith('https:')) return {test, result: 'hsts-not-implemented-no-https', modifier: -20};
  const value = header(scan, 'strict-transport-security')[0];
  if (!value) return {test, result: 'hsts-not-implemented', modifier: -20};
  const maxAge = /max-age\s*=\s*"?(\d+)"?/i.exec(value)?.[1];
  if (maxAge === undefined) return {test, result: 'hsts-header-invalid', modifier: -20};
  return Number(maxAge) >= 15768000
    ? {test, result: 'hsts-implemented-max-age-at-least-six-months', modifier: 0}
    : {test, result: 'hsts-implemented-max-age-less-than-six-months', modifier: -10};
}

export function sriTest(scan: Scan): TestResult {
  const test = 'subresource-integrity';
  const scripts = [...scan.html.matchAll(/<script\b[^>]*\ssrc=["']?([^"'\s>]+)[^>]*>/gi)];
  if (!scripts.length) return {test, result: 'sri-not-implemented-but-no-scripts-loaded', modifier: 0};
  const external = scripts.filter((m) => new URL(m[1]!, scan.origin).origin !== scan.origin);
  if (!external.length)
    return {test, result: 'sri-not-implemented-but-all-scripts-loaded-from-secure-origin', modifier: 0};
  const withIntegrity = external.every((m) => /\sintegrity=/i.test(m[0]));
  const secure = external.every((m) => m[1]!.startsWith('https:'));
  if (withIntegrity && secure)
    return {test, result: 'sri-implemented-and-external-scripts-loaded-securely', modifier: 5};
  return secure
    ? {test, result: 'sri-not-implemented-but-external-scripts-loaded-securely', modifier: -5}
    : {test, result: 'sri-not-implemented-and-external-scripts-not-loaded-securely', modifier: -50};
}

export function contentTypeOptionsTest(scan: Scan): TestResult {
  const test = 'x-content-type-options';
  const value = header(scan, 'x-content-type-options')[0];
  if (!value) return {test, result: 'x-content-type-options-not-implemented', modifier: -5};
  return value.trim().toLowerCase() === 'nosniff'
    ? {test, result: 'x-content-type-options-nosniff', modifier: 0}
    : {test, result: 'x-content-type-options-header-invalid', modifier: -5};
}

export function frameOptionsTest(scan: Scan): TestResult {
  const test = 'x-frame-options';
  // frame-ancestors counts only in the header: browsers ignore it in a <meta> policy.
  const ancestors = merged(header(scan, 'content-security-policy')).get('frame-ancestors');
  if (ancestors && ![...ancestors].some((s) => BROAD.has(s))) {
    return {test, result: 'x-frame-options-implemented-via-csp', modifier: 5};
  }
  const value = header(scan, 'x-frame-options')[0]?.trim().toLowerCase();
  if (!value) return {test, result: 'x-frame-options-not-implemented', modifier: -20};
  if (value === 'deny' || value === 'sameorigin') {
    return {test, result: 'x-frame-options-sameorigin-or-deny', modifier: 0};
  }
  return {test, result: 'x-frame-options-header-invalid', modifier: -20};
}

export function resourcePolicyTest(scan: Scan): TestResult {
  const test = 'cross-origin-resource-policy';
  const value = header(scan, 'cross-origin-resource-policy')[0]?.trim().toLowerCase();
  if (!value) return {test, result: 'corp-not-implemented', modifier: 0};
  if (value === 'same-origin') return {test, result: 'corp-implemented-with-same-origin', modifier: 10};
  if (value === 'same-site') return {test, result: 'corp-implemented-with-same-site', modifier: 10};
  if (value === 'cross-origin') return {test, result: 'corp-implemented-with-cross-origin', modifier: 0};
  return {test, result: 'corp-header-invalid', modifier: -5};
}

const GRADES: ReadonlyArray<readonly [number, string]> = [
  [100, 'A+'],
  [90, 'A'],
  [85, 'A-'],
  [80, 'B+'],
  [70, 'B'],
  [65, 'B-'],
  [60, 'C+'],
  [50, 'C'],
  [45, 'C-'],
  [40, 'D+'],
  [30, 'D'],
  [25, 'D-'],
  [0, 'F'],
];

export function grade(scan: Scan): {score: number; grade: string; tests: TestResult[]} {
  const tests = [
    cspTest,
    cookiesTest,
    corsTest,
    redirectionTest,
    referrerPolicyTest,
    hstsTest,
    sriTest,
    contentTypeOptionsTest,
    frameOptionsTest,
    resourcePolicyTest,
  ].map((test) => test(scan));
  let score = 100 + tests.filter((t) => t.modifier < 0).reduce((sum, t) => sum + t.modifier, 0);
  if (score >= 90) score += tests.filter((t) => t.modifier > 0).reduce((sum, t) => sum + t.modifier, 0);
  score = Math.max(score, 0);
  return {score, grade: GRADES.find(([min]) => score >= min)![1], tests};
}
