import assert from 'node:assert/strict';
import {test} from 'node:test';
import {formatDateZh} from '../../src/lib/formatDate';

const intl = new Intl.DateTimeFormat('zh-Hans', {day: 'numeric', month: 'short', year: 'numeric', timeZone: 'UTC'});

test('the last-updated date reads as Intl writes it in zh-Hans, in UTC', () => {
  const samples = [
    Date.UTC(2026, 10, 24, 7, 23),
    Date.UTC(2026, 0, 1, 0, 0),
    Date.UTC(2025, 11, 31, 23, 59, 59), // the last second of a year stays in that year (UTC, not local time)
    Date.UTC(2024, 1, 29, 12),
    Date.UTC(1999, 8, 9),
  ];
  // Every day of two years, from 2025-01-01.
  for (let day = 0; day < 731; day++) samples.push(Date.UTC(2025, 0, 1 + day, 16));
  for (const timestamp of samples) {
    assert.equal(formatDateZh(timestamp), intl.format(new Date(timestamp)), new Date(timestamp).toISOString());
  }
  assert.equal(formatDateZh(Date.UTC(2026, 10, 24)), '2026年11月24日');
});
