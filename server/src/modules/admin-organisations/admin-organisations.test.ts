import {
  MSG,
  type TAdminOrganDetail,
  type TAdminOrganList,
  type TAdminProductDetail,
  type TAuditEntry,
  type TOrganDetail,
  type TProductDetail,
} from '@portal/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { login } from '../../test/login.ts';
import { buildTestApp, testDatabases, type TestApp } from '../../test/testApp.ts';
import { multipartFile, pngHeader, solidPng } from '../account/images.fixture.ts';

type Envelope<T = unknown> = { code: number; message: string; data: T };

/** The first bytes of an MP4 file: an `ftyp` box. */
const MP4 = Buffer.concat([Buffer.from([0, 0, 0, 0x18]), Buffer.from('ftypisom'), Buffer.alloc(64)]);

describe.each(testDatabases())('back-office organisations on %s', (kind) => {
  let t: TestApp;
  let admin: string;
  let user: string;
  let organId: number;

  beforeAll(async () => {
    t = await buildTestApp(kind);
    admin = (await login(t, '13800000002')).token;
    user = (await login(t, '13800000001')).token;
  }, 60_000);
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
  const upload = async (bytes: Buffer, name: string) => {
    const { payload, headers } = multipartFile('file', name, bytes);
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/admin/organisations/upload',
      headers: { ...headers, token: admin },
      payload,
    });
    return { status: res.statusCode, body: res.json<Envelope<{ key: string; url: string; type: number }>>() };
  };
  const detail = async (id: number) =>
    (await call<TAdminOrganDetail>('GET', `/api/admin/organisations/${id}`, admin)).body.data;
  const organBody = (d: TAdminOrganDetail) => ({
    name: d.name,
    is_certification: d.is_certification,
    logo_key: d.logo_key,
    official_website: d.official_website,
    contact_email: d.contact_email,
    introduction: d.introduction,
    social_accounts: d.social_accounts,
    sort: d.sort,
    version: d.version,
  });
  const userDetail = (id: number) => call<TOrganDetail>('GET', `/api/company/detail?id=${id}`, user);

  it('creates an organisation with an uploaded logo; the user page shows it as typed', async () => {
    const logo = await upload(solidPng(40, 40), 'logo.png');
    expect(logo.body.data).toMatchObject({ type: 1, key: expect.stringMatching(/^public\/organisations\//) });
    const created = await call<{ id: number }>('POST', '/api/admin/organisations', admin, {
      name: '星河<b>科技</b>',
      logo_key: logo.body.data.key,
      official_website: 'https://xinghe.example.com',
      contact_email: 'bd@xinghe.example.com',
      introduction: '一家做<script>alert(1)</script>的公司',
      social_accounts: [{ name: '微博', url: 'https://weibo.com/xinghe' }],
    });
    expect(created.status).toBe(200);
    organId = created.body.data.id;
    const page = (await userDetail(organId)).body.data;
    expect(page).toMatchObject({
      name: '星河<b>科技</b>',
      is_certification: 0,
      logo: `/files/${logo.body.data.key}`,
      official_website: 'https://xinghe.example.com',
      introduction: '一家做<script>alert(1)</script>的公司',
      social_accounts: [{ name: '微博', url: 'https://weibo.com/xinghe' }],
    });
    // A logo is a public file: no signature needed.
    const file = await t.app.inject({ method: 'GET', url: page.logo });
    expect(file.statusCode).toBe(200);
  });

  it('certifies it: the user page switches from the claim dialog to the contact form, listed first', async () => {
    const d = await detail(organId);
    const saved = await call('PUT', `/api/admin/organisations/${organId}`, admin, {
      ...organBody(d),
      is_certification: 1,
    });
    expect(saved.status).toBe(200);
    expect((await userDetail(organId)).body.data.is_certification).toBe(1);
    const list = await call<TAdminOrganList>(
      'GET',
      '/api/admin/organisations?certified=1&keyword=星河',
      admin,
    );
    expect(list.body.data.data.map((o) => o.id)).toEqual([organId]);
    expect(
      (await call<TAdminOrganList>('GET', '/api/admin/organisations?certified=0&keyword=星河', admin)).body
        .data.total,
    ).toBe(0);

    const stale = await call('PUT', `/api/admin/organisations/${organId}`, admin, {
      ...organBody(d),
      is_certification: 0,
    });
    expect(stale).toMatchObject({ status: 409, body: { message: MSG.adminVersionConflict } });
    expect((await userDetail(organId)).body.data.is_certification).toBe(1);
  });

  it('refuses bad input with the contract message, changing nothing', async () => {
    const other = await call<{ id: number }>('POST', '/api/admin/organisations', admin, { name: '月光资本' });
    const d = await detail(organId);
    const cases: [object, string][] = [
      [{ name: '' }, MSG.adminOrganNameRequired],
      [{ name: '月光资本' }, MSG.adminOrganNameTaken],
      [{ official_website: 'javascript:alert(1)' }, MSG.adminWebsiteInvalid],
      [{ contact_email: 'not-an-address' }, MSG.adminContactEmailInvalid],
      [{ social_accounts: [{ name: '站', url: 'ftp://x' }] }, MSG.adminSocialAccountsInvalid],
      [{ logo_key: 'avatars/1/a.png' }, MSG.adminFileMissing],
    ];
    for (const [change, message] of cases) {
      const res = await call('PUT', `/api/admin/organisations/${organId}`, admin, {
        ...organBody(d),
        ...change,
      });
      expect(res, JSON.stringify(change)).toMatchObject({ status: 400, body: { message } });
    }
    expect(await detail(organId)).toEqual(d);
    for (const [bytes, name, message] of [
      [Buffer.from('%PDF-1.7 not a picture'), 'x.png', MSG.adminVideoInvalid],
      [pngHeader(60_000, 60_000), 'bomb.png', MSG.adminImageInvalid],
    ] as const) {
      expect(await upload(bytes, name), name).toMatchObject({ status: 400, body: { message } });
    }
    expect((await call('DELETE', `/api/admin/organisations/${other.body.data.id}`, admin)).status).toBe(200);
  });

  it('answers 404 for unknown ids', async () => {
    for (const [method, url] of [
      ['GET', '/api/admin/organisations/999999'],
      ['DELETE', '/api/admin/organisations/999999'],
      ['GET', '/api/admin/organisations/products/999999'],
      ['DELETE', '/api/admin/organisations/contents/999999'],
    ] as const) {
      expect((await call(method, url, admin)).status, url).toBe(404);
    }
    const res = await call('POST', '/api/admin/organisations/999999/products', admin, { title: '产品' });
    expect(res).toMatchObject({ status: 404, body: { message: MSG.organNotFound } });
  });

  it('edits products with images and a video; typed text stays text on the product page', async () => {
    const image = (await upload(solidPng(30, 20), 'p.png')).body.data;
    const video = (await upload(MP4, 'demo.mp4')).body.data;
    expect(video.type).toBe(2);
    const created = await call<{ id: number }>(
      'POST',
      `/api/admin/organisations/${organId}/products`,
      admin,
      {
        title: '智能座舱',
        cover_key: image.key,
        text: '第一段 <img src=x onerror=alert(1)>\n第二段',
        media: [
          { type: 1, url: image.key },
          { type: 2, url: video.key, poster_key: image.key },
        ],
      },
    );
    expect(created.status).toBe(200);
    const productId = created.body.data.id;
    const page = (
      await call<TProductDetail>('GET', `/api/company/product/detail?product_id=${productId}`, user)
    ).body.data;
    expect(page.content).toBe('<p>第一段 &lt;img src=x onerror=alert(1)&gt;</p><p>第二段</p>');
    expect(page.meterials.map((m) => m.type)).toEqual([1, 2]);

    const p = (
      await call<TAdminProductDetail>('GET', `/api/admin/organisations/products/${productId}`, admin)
    ).body.data;
    expect(p.text).toBe('第一段 <img src=x onerror=alert(1)>\n第二段');
    const body = { title: p.title, cover_key: p.cover_key, text: p.text, sort: p.sort, version: p.version };
    const media = p.media_list.map((m) => ({ type: m.type, url: m.url, poster_key: m.poster_key }));
    expect(
      (
        await call('PUT', `/api/admin/organisations/products/${productId}`, admin, {
          ...body,
          title: '智能座舱 2',
          media: media.slice(0, 1),
        })
      ).status,
    ).toBe(200);
    const stale = await call('PUT', `/api/admin/organisations/products/${productId}`, admin, {
      ...body,
      media,
    });
    expect(stale).toMatchObject({ status: 409, body: { message: MSG.adminVersionConflict } });
    const badMedia = await call('POST', `/api/admin/organisations/${organId}/products`, admin, {
      title: '外链图片',
      media: [{ type: 1, url: 'https://example.com/a.png' }],
    });
    expect(badMedia).toMatchObject({ status: 400, body: { message: MSG.adminMediaInvalid } });

    // Related content: a video page, and a report that does not exist.
    const content = await call<{ id: number }>(
      'POST',
      `/api/admin/organisations/products/${productId}/contents`,
      admin,
      {
        type: 2,
        title: '发布会回放',
        video_url: video.key,
        video_duration: 95,
        text: '回放说明',
      },
    );
    expect(content.status).toBe(200);
    const missing = await call('POST', `/api/admin/organisations/products/${productId}/contents`, admin, {
      type: 1,
      report_id: 999_999,
    });
    expect(missing).toMatchObject({ status: 400, body: { message: MSG.adminReportNotFound } });
    const related = await call<{ data: { title: string }[] }>(
      'GET',
      `/api/company/product/content/list?product_id=${productId}`,
      user,
    );
    expect(related.body.data.data.map((c) => c.title)).toEqual(['发布会回放']);
  });

  it('deletes an organisation with what it announced, and audits every write before → after', async () => {
    const d = await detail(organId);
    expect(d.impact).toMatchObject({ products: 2 - 1, contents: 1, media: 1, enquiries: 0, reports: 0 });
    const removed = await call('DELETE', `/api/admin/organisations/${organId}`, admin);
    expect(removed.body.data).toEqual(d.impact);
    expect((await userDetail(organId)).status).toBe(404);

    const audit = (
      await call<{ data: TAuditEntry[] }>('GET', '/api/admin/audit?page_size=100', admin)
    ).body.data.data.filter((e) => ['organisation', 'product', 'product_content'].includes(e.target_type));
    const actions = new Set(audit.map((e) => e.action));
    for (const action of [
      'organisation.create',
      'organisation.update',
      'organisation.delete',
      'product.create',
      'product.update',
      'product_content.create',
    ]) {
      expect(actions, action).toContain(action);
    }
    const certify = audit.find((e) => e.action === 'organisation.update' && e.target_id === organId);
    expect(certify).toMatchObject({ before: { is_certification: 0 }, after: { is_certification: 1 } });
  });
});
