import { formatRelativeTime } from './relative-time';

const NOW = Date.parse('2025-03-10T12:00:00Z');
const ago = (ms: number) => new Date(NOW - ms).toISOString();

describe('formatRelativeTime (notification times)', () => {
  it.each([
    [ago(0), 'Just now'],
    [ago(59_000), 'Just now'],
    [ago(60_000), '1m ago'],
    [ago(59 * 60_000), '59m ago'],
    [ago(60 * 60_000), '1h ago'],
    [ago(23 * 3_600_000), '23h ago'],
    [ago(24 * 3_600_000), '1d ago'],
    [ago(6 * 86_400_000), '6d ago'],
    [new Date(NOW + 60_000).toISOString(), 'Just now'],
  ])('%s → %s', (value, expected) => {
    expect(formatRelativeTime(value, NOW)).toBe(expected);
  });

  it('gives the date from 7 days on', () => {
    expect(formatRelativeTime(ago(7 * 86_400_000), NOW, 'en-US')).toBe('Mar 3, 2025');
  });

  it('is empty for an invalid date', () => {
    expect(formatRelativeTime('not a date', NOW)).toBe('');
  });
});
