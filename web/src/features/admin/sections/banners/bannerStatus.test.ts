import { describe, expect, it } from 'vitest';
import { bannerState } from './bannerStatus.ts';

const NOW = Date.UTC(2026, 10, 25, 8, 0);
const HOUR = 3_600_000;

describe('bannerState', () => {
  it('says why a banner is or is not on the home page now', () => {
    expect(bannerState({ enabled: 1, starts_at: null, ends_at: null }, NOW)).toBe('live');
    expect(bannerState({ enabled: 0, starts_at: null, ends_at: null }, NOW)).toBe('disabled');
    expect(bannerState({ enabled: 1, starts_at: NOW + HOUR, ends_at: null }, NOW)).toBe('notStarted');
    expect(bannerState({ enabled: 1, starts_at: NOW - 2 * HOUR, ends_at: NOW - HOUR }, NOW)).toBe('ended');
    // The schedule's end is exclusive, its start inclusive (the server's carousel read says the same).
    expect(bannerState({ enabled: 1, starts_at: NOW, ends_at: NOW + 1 }, NOW)).toBe('live');
    expect(bannerState({ enabled: 1, starts_at: null, ends_at: NOW }, NOW)).toBe('ended');
  });
});
