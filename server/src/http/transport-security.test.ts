import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../test/testApp.ts';
import { HSTS } from './transport-security.ts';

describe('HSTS', () => {
  let behindProxy: TestApp;
  let direct: TestApp;
  beforeAll(async () => {
    behindProxy = await buildTestApp('sqlite', { seed: false, env: { TRUST_PROXY: '1' } });
    direct = await buildTestApp('sqlite', { seed: false });
  });
  afterAll(async () => {
    await behindProxy.close();
    await direct.close();
  });

  const hsts = async (t: TestApp, headers: Record<string, string>) =>
    (await t.app.inject({ method: 'GET', url: '/api/health', headers })).headers['strict-transport-security'];

  it('is sent when a trusted proxy says the request came over https', async () => {
    expect(await hsts(behindProxy, { 'x-forwarded-proto': 'https' })).toBe(HSTS);
    expect(await hsts(behindProxy, { 'x-forwarded-proto': 'http' })).toBeUndefined();
    expect(await hsts(behindProxy, {})).toBeUndefined();
  });

  it('is not sent on the word of a client nobody trusts', async () => {
    expect(await hsts(direct, { 'x-forwarded-proto': 'https' })).toBeUndefined();
  });
});
