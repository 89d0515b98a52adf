import { CONTENT_INDEXES, MSG, type TSearchReply } from '@portal/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { generateReportPdf } from '../../demo/pdf/generate-report-pdf.ts';
import { login } from '../../test/login.ts';
import { buildTestApp, testDatabases, type TestApp } from '../../test/testApp.ts';
import { multipartBody, type Part } from './test-multipart.ts';

type Envelope<T = unknown> = { code: number; message: string; data: T };
type Company = { organisation_id: number; name: string; status: number };

/** A 1 × 1 PNG, and a PNG header that declares 50,000 × 50,000 pixels (a decompression bomb). */
const PNG_1PX = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==',
  'base64',
);
const PNG_BOMB = Buffer.from(PNG_1PX);
PNG_BOMB.writeUInt32BE(50_000, 16);
PNG_BOMB.writeUInt32BE(50_000, 20);

/**
 * The report editor's companies (publisher first, each with its status) and the headline
 * editor's cover, as users see them on their cards and detail pages.
 */
describe.each(testDatabases())('report companies and headline covers on %s', (kind) => {
  let t: TestApp;
  let admin: string;
  let user: string;
  let report: number;
  let catl: number;
  let byd: number;

  beforeAll(async () => {
    t = await buildTestApp(kind);
    admin = (await login(t, '13800000002')).token;
    user = (await login(t, '13800000001')).token;
    const organs = await t.content.addOrganisations([{ name: '宁德时代' }, { name: '比亚迪' }]);
    catl = organs.get('宁德时代') ?? 0;
    byd = organs.get('比亚迪') ?? 0;
    const now = t.clock.now().getTime();
    const pdf = await generateReportPdf({
      slug: 'editor-fields',
      seed: 3,
      title: '固态电池产业观察',
      industry: '光伏',
      sourceType: '专题报告',
      publisher: '华信咨询',
      publishedAt: new Date(now),
      keywords: ['固态电池'],
      pageCount: 4,
    });
    report = await t.content.importReportPdf(pdf, {
      title: '固态电池产业观察',
      publishedAt: new Date(now),
      companies: [{ organisation_id: catl, status: 0 }],
    });
  }, 120_000);
  afterAll(() => t.close());

  const call = async <T = unknown>(
    method: 'GET' | 'POST' | 'PUT' | 'DELETE',
    url: string,
    token: string,
    payload?: object,
  ) => {
    const res = await t.app.inject({ method, url, headers: { token }, payload });
    return { status: res.statusCode, body: res.json<Envelope<T>>() };
  };
  const reportFields = async () =>
    (
      await call<{ version: number; fields: { companies: Company[] } }>(
        'GET',
        `/api/admin/content/report/${report}`,
        admin,
      )
    ).body.data;
  const reportCard = async () => {
    const r = await call<TSearchReply>('POST', '/api/search', user, {
      tn: 'report',
      keyword: '固态电池产业观察',
    });
    return r.body.data.data.find((h) => Number(h._id) === report)?._source;
  };
  const userDetailCompanies = async () => {
    const r = await call<{
      detail_info: { _source: { company: { company_id: number; name: string; status: number }[] } };
    }>('POST', '/api/detail', user, { detail_id: String(report), index: CONTENT_INDEXES.report });
    return r.body.data.detail_info._source.company;
  };
  const save = (body: object) =>
    call('PUT', `/api/admin/reports/${report}`, admin, { title: '固态电池产业观察', ...body });

  it('sets a report’s companies in order with their status: the first is the publisher users see', async () => {
    const before = await reportFields();
    expect(before.fields.companies).toEqual([{ organisation_id: catl, name: '宁德时代', status: 0 }]);
    expect((await reportCard())?.publisher).toBe('宁德时代');

    const saved = await save({
      companies: [
        { organisation_id: byd, status: 1 },
        { organisation_id: catl, status: 0 },
      ],
      version: before.version,
    });
    expect(saved.body).toMatchObject({ code: 0, data: { version: before.version + 1 } });
    expect((await reportFields()).fields.companies).toEqual([
      { organisation_id: byd, name: '比亚迪', status: 1 },
      { organisation_id: catl, name: '宁德时代', status: 0 },
    ]);
    expect((await reportCard())?.publisher).toBe('比亚迪');
    expect(await userDetailCompanies()).toEqual([
      { company_id: byd, name: '比亚迪', status: 1 },
      { company_id: catl, name: '宁德时代', status: 0 },
    ]);
    // The organisation's report tab now lists it.
    const tab = await call<{ data: { detail_id: string }[] }>(
      'GET',
      `/api/company/detail/list?id=${byd}&tn=company_report`,
      user,
    );
    expect(tab.body.data.data.map((x) => Number(x.detail_id))).toContain(report);

    const audit = await call<{
      data: { action: string; target_id: number; before: unknown; after: unknown }[];
    }>('GET', '/api/admin/audit?page=1&page_size=1', admin);
    expect(audit.body.data.data[0]).toMatchObject({
      action: 'content.update',
      target_id: report,
      before: { companies: ['宁德时代（已入驻）'] },
      after: { companies: ['比亚迪（未入驻）', '宁德时代（已入驻）'] },
    });
  });

  it('a save without companies keeps them; duplicates, unknown organisations and stale versions change nothing', async () => {
    const { version, fields } = await reportFields();
    const kept = await save({ industry: '储能', version });
    expect(kept.body.code).toBe(0);
    expect((await reportFields()).fields.companies).toEqual(fields.companies);

    const now = (await reportFields()).version;
    const twice = await save({
      companies: [
        { organisation_id: catl, status: 0 },
        { organisation_id: catl, status: 1 },
      ],
      version: now,
    });
    expect(twice).toMatchObject({ status: 400, body: { message: MSG.adminReportCompaniesInvalid } });
    const unknown = await save({ companies: [{ organisation_id: 999_999, status: 0 }], version: now });
    expect(unknown).toMatchObject({ status: 400, body: { message: MSG.organNotFound } });
    const badStatus = await save({ companies: [{ organisation_id: catl, status: 7 }], version: now });
    expect(badStatus.status).toBe(400);
    const stale = await save({ companies: [], version: now - 1 });
    expect(stale).toMatchObject({ status: 409, body: { message: MSG.adminVersionConflict } });
    expect(await reportFields()).toMatchObject({ version: now, fields: { companies: fields.companies } });

    // An empty list is allowed: the report names no company and has no publisher.
    expect((await save({ companies: [], version: now })).body.code).toBe(0);
    expect((await reportCard())?.publisher).toBe('');
  });

  it('uploads a headline cover checked by its bytes, shows it on the card, and removes it', async () => {
    const created = await call<{ id: number }>('POST', '/api/admin/headlines', admin, {
      title: '钠离子电池量产提速',
      content: '<p>钠离子电池量产提速，成本继续下降。</p>',
      source: '财新',
    });
    const id = created.body.data.id;
    const fields = async () =>
      (
        await call<{ version: number; fields: { cover_url: string } }>(
          'GET',
          `/api/admin/content/headline/${id}`,
          admin,
        )
      ).body.data;
    const card = async () => {
      const r = await call<TSearchReply>('POST', '/api/search', user, {
        tn: 'business',
        keyword: '钠离子电池量产提速',
      });
      return r.body.data.data.find((h) => Number(h._id) === id)?._source;
    };
    const upload = async (parts: readonly Part[]) => {
      const { payload, headers } = multipartBody(parts);
      const res = await t.app.inject({
        method: 'POST',
        url: `/api/admin/headlines/${id}/cover`,
        headers: { ...headers, token: admin },
        payload,
      });
      return { status: res.statusCode, body: res.json<Envelope>() };
    };
    expect((await fields()).fields.cover_url).toBe('');
    expect((await card())?.cover).toBe('');

    const v1 = (await fields()).version;
    for (const content of [PNG_BOMB, Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"/>')]) {
      const refused = await upload([
        { name: 'version', content: String(v1) },
        { name: 'file', filename: 'cover.png', content },
      ]);
      expect(refused).toMatchObject({ status: 400, body: { message: MSG.adminCoverInvalid } });
    }
    const stale = await upload([
      { name: 'version', content: String(v1 + 5) },
      { name: 'file', filename: 'cover.png', content: PNG_1PX },
    ]);
    expect(stale.status).toBe(409);
    expect((await fields()).version).toBe(v1);

    const ok = await upload([
      { name: 'version', content: String(v1) },
      { name: 'file', filename: 'cover.png', content: PNG_1PX },
    ]);
    expect(ok.body).toMatchObject({ code: 0, data: { id, version: v1 + 1 } });
    const url = (await fields()).fields.cover_url;
    expect(url).toMatch(new RegExp(`^/files/public/headlines/${id}/.+\\.png$`));
    expect((await card())?.cover).toBe(url);
    const picture = await t.app.inject({ method: 'GET', url });
    expect(picture.statusCode).toBe(200);
    expect(picture.rawPayload.equals(PNG_1PX)).toBe(true);

    const removed = await call('DELETE', `/api/admin/headlines/${id}/cover?version=${v1 + 1}`, admin);
    expect(removed.body.code).toBe(0);
    expect((await fields()).fields.cover_url).toBe('');
    expect((await card())?.cover).toBe('');
    expect((await t.app.inject({ method: 'GET', url })).statusCode).toBe(404);
  });
});
