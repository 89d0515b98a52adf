import { describe, expect, it } from 'vitest';
import { ManualClock } from '../../test/manualClock.ts';
import { fileAccessOf } from './file-access.ts';
import { createFileUrls, unsignedFileUrl } from './signed-url.ts';

describe('file access by key', () => {
  it.each([
    ['demo/banners/1.png', 'public'],
    ['demo/materials/001.png', 'public'],
    ['demo/organisations/acme/logo.png', 'public'],
    ['demo/analyses/industry.png', 'public'],
    ['demo/reports/ev-2026/cover.png', 'public'],
    ['reports/8f1c/cover.png', 'public'],
    ['public/banners/7.jpg', 'public'],
    ['demo/reports/ev-2026/source.pdf', 'private'],
    ['demo/reports/ev-2026/pages/0001.jpg', 'private'],
    ['reports/8f1c/source.pdf', 'private'],
    ['demo/analyses/files/003.xlsx', 'private'],
    ['avatars/3/a.png', 'private'],
    ['feedback/3/a.png', 'private'],
    ['something/new.pdf', 'private'],
    ['cache/office/ab.sheets.json', 'internal'],
  ])('%s is %s', (key, access) => {
    expect(fileAccessOf(key)).toBe(access);
  });
});

describe('signed file URLs', () => {
  const clock = new ManualClock(Date.UTC(2026, 10, 25, 8, 10, 0));
  const urls = createFileUrls({ secret: 'test-secret-of-sixteen', clock });

  it('leaves public files and outside URLs alone', () => {
    expect(urls.forKey('demo/banners/1.png')).toBe('/files/demo/banners/1.png');
    expect(urls.forKey('')).toBe('');
    expect(urls.forUrl('https://example.com/a.png')).toBe('https://example.com/a.png');
  });

  it('hands out one URL per hour, valid for two to three hours', () => {
    const first = urls.forKey('avatars/1/a.png');
    const exp = Number(/exp=(\d+)/.exec(first)?.[1]);
    expect(exp - clock.now().getTime() / 1000).toBeGreaterThanOrEqual(2 * 3600);
    expect(exp - clock.now().getTime() / 1000).toBeLessThanOrEqual(3 * 3600);
    clock.advance(30 * 60);
    expect(urls.forUrl(first)).toBe(first);
    const sig = /sig=([\w-]+)/.exec(first)?.[1];
    expect(urls.check('avatars/1/a.png', { exp: String(exp), sig })).toEqual({ ok: true, expiresAt: exp });
    expect(urls.check('avatars/1/b.png', { exp: String(exp), sig })).toEqual({
      ok: false,
      reason: 'invalid',
    });
    expect(urls.check('avatars/1/a.png', { exp: [String(exp)], sig })).toEqual({
      ok: false,
      reason: 'invalid',
    });
    expect(urls.check('avatars/1/a.png', {})).toEqual({ ok: false, reason: 'missing' });
    clock.advance(3 * 3600);
    expect(urls.check('avatars/1/a.png', { exp: String(exp), sig })).toEqual({
      ok: false,
      reason: 'expired',
    });
    expect(urls.forUrl(first)).not.toBe(first);
  });

  it('a URL signed with another secret is refused', () => {
    const foreign = createFileUrls({ secret: 'another-secret-sixteen', clock }).forKey('avatars/1/a.png');
    const [, exp, sig] = /exp=(\d+)&sig=([\w-]+)/.exec(foreign) ?? [];
    expect(urls.check('avatars/1/a.png', { exp, sig })).toEqual({ ok: false, reason: 'invalid' });
    expect(unsignedFileUrl(foreign)).toBe('/files/avatars/1/a.png');
  });
});
