// The `source` cookie (a marketing or referral tag) carried over to the navbar's links: read after hydration so the
// server-rendered HTML never depends on it, and appended as an encoded query parameter so it cannot become markup.
import {useSyncExternalStore} from 'react';

export const SOURCE_COOKIE = 'source';

/** The decoded value of the `source` cookie in a `document.cookie` string, or null when absent or empty. */
export function readSourceCookie(cookies: string): string | null {
  for (const part of cookies.split(';')) {
    const eq = part.indexOf('=');
    if (eq < 0 || part.slice(0, eq).trim() !== SOURCE_COOKIE) continue;
    const raw = part.slice(eq + 1).trim();
    let value = raw;
    try {
      value = decodeURIComponent(raw);
    } catch {
      // A malformed escape is kept as written; it is encoded again when appended.
    }
    return value === '' ? null : value;
  }
  return null;
}

/**
 * `url` with `source=<value>` in its query: URL-encoded, replacing any `source` already there, keeping the other
 * parameters as written, placed before the hash. Only the query changes, so scheme, host and path stay as they were.
 */
export function appendSource(url: string, source: string | null): string {
  if (!source) return url;
  const prefix = url.startsWith('pathname://') ? 'pathname://' : '';
  const rest = url.slice(prefix.length);
  const hashAt = rest.indexOf('#');
  const beforeHash = hashAt < 0 ? rest : rest.slice(0, hashAt);
  const hash = hashAt < 0 ? '' : rest.slice(hashAt);
  const queryAt = beforeHash.indexOf('?');
  const path = queryAt < 0 ? beforeHash : beforeHash.slice(0, queryAt);
  const kept =
    queryAt < 0
      ? []
      : beforeHash
          .slice(queryAt + 1)
          .split('&')
          .filter((p) => p && !/^source(=|$)/.test(p));
  // RFC 3986 encoding: also the quote and brackets that encodeURIComponent leaves alone.
  const encoded = encodeURIComponent(source).replace(
    /[!'()*]/g,
    (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`,
  );
  const query = [...kept, `${SOURCE_COOKIE}=${encoded}`].join('&');
  return `${prefix}${path}?${query}${hash}`;
}

const noSubscription = () => () => {};

/**
 * Reading `document.cookie` is a synchronous call into the browser (0.1 to 0.5 ms); React asks for the value once per
 * navbar link, and again after hydration. One read serves every ask until the running script yields.
 */
let current: {value: string | null} | null = null;
export function currentSourceCookie(): string | null {
  if (!current) {
    current = {value: readSourceCookie(document.cookie)};
    queueMicrotask(() => {
      current = null;
    });
  }
  return current.value;
}

/**
 * The `source` cookie's value: null on the server and during hydration (the server snapshot), the cookie's value
 * on the render right after, so the server HTML and hydration never differ.
 */
export function useSourceCookie(): string | null {
  return useSyncExternalStore(noSubscription, currentSourceCookie, () => null);
}
