/**
 * A date as the zh-Hans "last updated" line shows it, e.g. 2026年11月24日, in UTC: the same text as
 * `new Intl.DateTimeFormat('zh-Hans', {year: 'numeric', month: 'short', day: 'numeric', timeZone: 'UTC'})`, without
 * Intl. The first Intl.DateTimeFormat a page creates loads the browser's locale and time-zone data: about 50 ms of
 * main thread on a desktop CPU, one 200 ms long task on a mid-range phone, during hydration of every doc page.
 * tests/unit/format-date.test.ts checks the two agree.
 */
export function formatDateZh(timestamp: number): string {
  const date = new Date(timestamp);
  return `${date.getUTCFullYear()}年${date.getUTCMonth() + 1}月${date.getUTCDate()}日`;
}
