import { MSG } from '@portal/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_USER_PHONE } from '../../seed/demo-users.ts';
import { freshIp, login } from '../../test/login.ts';
import { buildTestApp, testDatabases, type TestApp } from '../../test/testApp.ts';

/** The enquiries' defaults, which claims share (README "Configuration"): 5 per user, 20 per IP an hour. */
const PER_USER = 5;

describe.each(testDatabases())('organisation claims on %s', (kind) => {
  let t: TestApp;
  let token: string;
  let uncertified: number;
  let certified: number;

  beforeAll(async () => {
    t = await buildTestApp(kind);
    token = (await login(t, DEMO_USER_PHONE)).token;
    const ids = await t.content.addOrganisations([
      { name: '待认领研究院', is_certification: 0 },
      { name: '已认证集团', is_certification: 1 },
    ]);
    uncertified = ids.get('待认领研究院')!;
    certified = ids.get('已认证集团')!;
  }, 120_000);
  afterAll(async () => t.close());

  const claim = (extra: Record<string, unknown> = {}) => ({
    company_id: uncertified,
    name: '李四',
    contact: 'li.si@example.com',
    message: '我是该研究院的市场负责人，可提供营业执照。',
    ...extra,
  });
  const send = async (payload: object, as: string | null = token, ip = freshIp()) => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/company/claim',
      headers: as === null ? {} : { token: as },
      payload,
      remoteAddress: ip,
    });
    return { status: res.statusCode, body: res.json<{ code: number; message: string; data: unknown }>() };
  };
  const stored = async () =>
    (await t.db.kysely.selectFrom('organisation_claims').selectAll().orderBy('id').execute()).length;
  const bad = (message: string, status = 400) => ({ status, body: { code: -1, message, data: null } });

  it('stores a claim for an uncertified organisation and thanks the user', async () => {
    const res = await send(claim({ name: ' 李四 ', contact: ' li.si@example.com ' }));
    expect(res.status).toBe(200);
    expect(res.body.message).toBe(MSG.claimThanks);
    const row = await t.db.kysely.selectFrom('organisation_claims').selectAll().executeTakeFirstOrThrow();
    expect(row).toMatchObject({ organisation_id: uncertified, name: '李四', contact: 'li.si@example.com' });
  });

  it('refuses bad fields, a certified or unknown organisation and a visitor, storing nothing', async () => {
    const before = await stored();
    expect(await send(claim({ name: '' }))).toEqual(bad(MSG.contactRequired));
    expect(await send(claim({ name: '李 四' }))).toEqual(bad(MSG.contactSpecialChars));
    expect(await send(claim({ contact: '12345' }))).toEqual(bad(MSG.claimContact));
    expect(await send(claim({ message: '' }))).toEqual(bad(MSG.contactRequired));
    expect(await send(claim({ message: '字'.repeat(501) }))).toEqual(bad(MSG.claimMessageTooLong));
    expect(await send(claim({ company_id: certified }))).toEqual(bad(MSG.claimAlreadyCertified));
    expect(await send(claim({ company_id: 999_999 }))).toEqual(bad(MSG.organNotFound, 404));
    expect((await send(claim(), null)).status).toBe(401);
    expect(await stored()).toBe(before);
  });

  it(`takes ${PER_USER} claims from a user in an hour, then answers 429 and stores nothing`, async () => {
    const other = (await login(t, '13700001111')).token;
    for (let i = 0; i < PER_USER; i++) {
      expect((await send(claim({ contact: '13912345678' }), other)).status).toBe(200);
    }
    const before = await stored();
    expect(await send(claim(), other)).toEqual(bad(MSG.enquiryTooOften, 429));
    expect(await stored()).toBe(before);
    t.clock.advance(70 * 60);
    expect((await send(claim(), other)).status).toBe(200);
  });
});
