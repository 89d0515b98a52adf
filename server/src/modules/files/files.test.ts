import {
  CONTENT_INDEXES,
  MSG,
  ResultCode,
  parsePageLayout,
  parsePageLayouts,
  termBoxes,
} from '@portal/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_ADMIN_PHONE, DEMO_USER_PHONE } from '../../seed/demo-users.ts';
import { login } from '../../test/login.ts';
import { buildTestApp, testDatabases, type TestApp } from '../../test/testApp.ts';
import { multipartFile, solidPng } from '../account/images.fixture.ts';
import { createDetailRepo } from '../detail/detail.repo.ts';
import { fileAccessOf } from './file-access.ts';
import { FILE_MSG } from './file-messages.ts';
import { unsignedFileUrl } from './signed-url.ts';

type Reply<T> = { code: number; message: string; data: T };
type ReportSource = {
  title: string;
  cover: string;
  files: { url: string }[];
  pdf_image: string[];
  pdf_layout: string[];
  pdf_layouts: string;
};
type AnalysisSource = { anal_data_info: { url: string }; quote_data_info: { url: string }[] };

const SECRET_PDF_KEY = 'analyses/secret/plan.pdf';
const SECRET_PDF = Buffer.from('%PDF-1.4 restricted topic plan');

describe.each(testDatabases())('GET /files/* on %s', (kind) => {
  let t: TestApp;
  let user: string;
  let other: string;
  let admin: string;
  let reportId: string;
  let secretId: number;

  beforeAll(async () => {
    t = await buildTestApp(kind, { demoReports: 1 });
    user = (await login(t, DEMO_USER_PHONE)).token;
    admin = (await login(t, DEMO_ADMIN_PHONE)).token;
    other = (await login(t, '13900000007')).token;
    reportId = String((await t.db.kysely.selectFrom('reports').select('id').executeTakeFirstOrThrow()).id);
    // A restricted topic whose file is its own (the demo's restricted one is a dashboard).
    await t.storage.put(SECRET_PDF_KEY, SECRET_PDF, 'application/pdf');
    [secretId = 0] = await t.content.addAnalyses([
      {
        title: '内部经营分析',
        anal_type: 'industry',
        anal_data_ext: 'pdf',
        anal_data_info: JSON.stringify({ url: `/files/${SECRET_PDF_KEY}` }),
        restricted: 1,
        published_at: t.clock.now().getTime(),
      },
    ]);
  }, 240_000);
  afterAll(() => t.close());

  const get = (url: string, headers: Record<string, string> = {}) =>
    t.app.inject({ method: 'GET', url, headers });
  const detail = async <S>(index: string, id: string | number, as: string) => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/detail',
      headers: { token: as },
      payload: { index, detail_id: String(id) },
    });
    return res.json<Reply<{ detail_info: { _source: S } } | null>>();
  };
  const reportSource = async (as = user) => {
    const source = (await detail<ReportSource>(CONTENT_INDEXES.report, reportId, as)).data?.detail_info
      ._source;
    if (!source) {
      throw new Error('no report detail');
    }
    return source;
  };
  const refusal = (res: { statusCode: number; json(): unknown }, status: number, message: string) => {
    expect(res.statusCode).toBe(status);
    expect(res.json()).toEqual({
      code: status === 403 ? ResultCode.noPermission : ResultCode.failure,
      message,
      data: null,
    });
  };

  it('serves public files (banners, report and topic covers, organisation logos) to anyone, cached for a year', async () => {
    const organ = await t.db.kysely
      .selectFrom('organisations')
      .select('logo_key')
      .where('logo_key', '!=', '')
      .executeTakeFirstOrThrow();
    const cover = (await reportSource()).cover;
    // What an operator puts under files/public/ (a logo, a footer QR image).
    await t.storage.put('public/brand/logo.png', solidPng(8, 8), 'image/png');
    for (const url of [
      '/files/public/brand/logo.png',
      '/files/demo/banners/1.png',
      '/files/demo/analyses/industry.png',
      cover,
      `/files/${organ.logo_key}`,
    ]) {
      const res = await get(url);
      expect(res.statusCode, url).toBe(200);
      expect(res.headers['cache-control']).toBe('public, max-age=31536000, immutable');
      // Public images may show inside sandboxed content frames (opaque origin).
      expect(res.headers['cross-origin-resource-policy']).toBe('cross-origin');
    }
    expect(cover).toMatch(/^\/files\/[^?]+\/cover\.png$/);
  });

  it('puts only public files on list and search pages, which all users share from one cache', async () => {
    const urls: string[] = [];
    for (const tn of ['all', 'report', 'business', 'insight', 'material']) {
      const res = await t.app.inject({
        method: 'POST',
        url: '/api/search',
        headers: { token: user },
        payload: { tn, page_size: 50 },
      });
      urls.push(...(JSON.stringify(res.json()).match(/\/files\/[^"]*/g) ?? []));
    }
    expect(urls.length).toBeGreaterThan(10);
    for (const url of urls) {
      expect(fileAccessOf(url.slice('/files/'.length)), url).toBe('public');
    }
  });

  it('refuses a report PDF and its page images without a signed URL, with or without a session', async () => {
    const source = await reportSource();
    for (const url of [source.files[0]?.url ?? '', source.pdf_image[0] ?? '', source.pdf_layout[0] ?? '']) {
      const bare = unsignedFileUrl(url);
      expect(bare).not.toBe(url);
      refusal(await get(bare), 403, FILE_MSG.linkMissing);
      refusal(await get(bare, { token: user }), 403, FILE_MSG.linkMissing);
    }
  });

  it('serves the PDF from the detail page’s signed URL, privately cached, with ranges for pdf.js', async () => {
    const source = await reportSource();
    const pdfUrl = source.files[0]?.url ?? '';
    expect(pdfUrl).toMatch(/^\/files\/[^?]+\/source\.pdf\?exp=\d+&sig=[\w-]{43}$/);
    // The same URL for every reply within the hour, so the browser cache keeps working.
    expect((await reportSource(other)).files[0]?.url).toBe(pdfUrl);
    const whole = await get(pdfUrl);
    expect(whole.statusCode).toBe(200);
    expect(whole.headers['content-type']).toBe('application/pdf');
    expect(whole.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');
    const maxAge = Number(/^private, max-age=(\d+)$/.exec(String(whole.headers['cache-control']))?.[1]);
    expect(maxAge).toBeGreaterThanOrEqual(2 * 3600);
    expect(maxAge).toBeLessThanOrEqual(3 * 3600);
    expect(whole.headers['cross-origin-resource-policy']).toBe('same-origin');
    const part = await get(pdfUrl, { range: 'bytes=0-7' });
    expect(part.statusCode).toBe(206);
    expect(part.headers['content-range']).toMatch(/^bytes 0-7\/\d+$/);
    expect(part.body).toBe(whole.rawPayload.subarray(0, 8).toString());
    expect((await get(pdfUrl, { range: 'bytes=999999999-' })).statusCode).toBe(416);
    const page = await get(source.pdf_image[0] ?? '');
    expect(page.statusCode).toBe(200);
    expect(page.headers['content-type']).toBe('image/jpeg');
    expect(page.headers['cache-control']).toMatch(/^private, max-age=\d+$/);
  });

  it("serves each page's text layout for the phone reader's marks, read from the PDF when it was never stored", async () => {
    const source = await reportSource();
    expect(source.pdf_layout).toHaveLength(source.pdf_image.length);
    const url = source.pdf_layout[0] ?? '';
    expect(url).toMatch(/\/pages\/0001\.json\?exp=\d+&sig=/);
    const res = await get(url);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('application/json');
    expect(res.headers['cache-control']).toMatch(/^private, max-age=\d+$/);
    const layout = parsePageLayout(res.json());
    if (!layout) {
      throw new Error('not a page layout');
    }
    // The cover page shows the report's title: its words are boxed inside the page.
    const word = [...source.title].slice(0, 4).join('');
    const boxes = termBoxes(layout, [word]);
    expect(boxes.length).toBeGreaterThan(0);
    for (const box of boxes) {
      expect(box.x).toBeGreaterThanOrEqual(0);
      expect(box.y).toBeGreaterThanOrEqual(0);
      expect(box.x + box.w).toBeLessThanOrEqual(1);
      expect(box.y + box.h).toBeLessThanOrEqual(1);
      expect(box.w).toBeGreaterThan(0);
    }
    // A report ingested before layouts were stored: the first request reads it from the PDF.
    const key = unsignedFileUrl(url).slice('/files/'.length);
    await t.storage.delete(key);
    const again = await get(url);
    expect(again.statusCode).toBe(200);
    expect(again.json()).toEqual(res.json());
    expect(await t.storage.exists(key)).toBe(true);
  });

  it("serves every page layout in one file for a phone's 在报告中查找, private, made when it was never stored", async () => {
    const source = await reportSource();
    expect(source.pdf_layouts).toMatch(/\/pages\/layouts\.json\?exp=\d+&sig=/);
    const pages = await Promise.all(source.pdf_layout.map(async (url) => (await get(url)).json()));
    const res = await get(source.pdf_layouts);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('application/json');
    expect(res.headers['cache-control']).toMatch(/^private, max-age=\d+$/);
    expect(parsePageLayouts(res.json())?.pages).toEqual(pages);
    const unsigned = unsignedFileUrl(source.pdf_layouts);
    refusal(await get(unsigned), 403, FILE_MSG.linkMissing);
    // A report ingested before the file was stored (and before its pages' layouts were): the
    // first request makes it from the PDF, page by page.
    const key = unsigned.slice('/files/'.length);
    await t.storage.delete(key);
    await Promise.all(
      source.pdf_layout.map((url) => t.storage.delete(unsignedFileUrl(url).slice('/files/'.length))),
    );
    const again = await get(source.pdf_layouts);
    expect(again.statusCode).toBe(200);
    expect(parsePageLayouts(again.json())?.pages).toEqual(pages);
    expect(await t.storage.exists(key)).toBe(true);
  });

  it('refuses a tampered signature, one made for another file and an expired one', async () => {
    const source = await reportSource();
    const pdfUrl = source.files[0]?.url ?? '';
    const flipped = pdfUrl.replace(/sig=(.)/, (_, c: string) => `sig=${c === 'A' ? 'B' : 'A'}`);
    refusal(await get(flipped), 403, FILE_MSG.linkInvalid);
    const later = pdfUrl.replace(/exp=(\d+)/, (_, exp: string) => `exp=${Number(exp) + 3600}`);
    refusal(await get(later), 403, FILE_MSG.linkInvalid);
    const pageKey = unsignedFileUrl(source.pdf_image[0] ?? '');
    refusal(await get(`${pageKey}?${pdfUrl.split('?')[1]}`), 403, FILE_MSG.linkInvalid);
    refusal(await get(`${unsignedFileUrl(pdfUrl)}?exp=1&sig=short`), 403, FILE_MSG.linkInvalid);
    t.clock.advance(3 * 3600 + 1);
    refusal(await get(pdfUrl), 403, FILE_MSG.linkExpired);
    // Reopening the page hands out a fresh URL.
    const fresh = (await reportSource()).files[0]?.url ?? '';
    expect(fresh).not.toBe(pdfUrl);
    expect((await get(fresh)).statusCode).toBe(200);
  });

  it('signs a restricted topic’s file only for users allowed to see the topic', async () => {
    const bare = `/files/${SECRET_PDF_KEY}`;
    expect((await detail(CONTENT_INDEXES.insight, secretId, user)).code).toBe(ResultCode.noPermission);
    refusal(await get(bare, { token: user }), 403, FILE_MSG.linkMissing);
    const forAdmin = await detail<AnalysisSource>(CONTENT_INDEXES.insight, secretId, admin);
    const signed = forAdmin.data?.detail_info._source.anal_data_info.url ?? '';
    expect(signed.startsWith(`${bare}?exp=`)).toBe(true);
    expect((await get(signed)).rawPayload.equals(SECRET_PDF)).toBe(true);
    const otherId = (
      await t.db.kysely
        .selectFrom('users')
        .select('id')
        .where('phone', '=', '13900000007')
        .executeTakeFirstOrThrow()
    ).id;
    expect((await detail(CONTENT_INDEXES.insight, secretId, other)).code).toBe(ResultCode.noPermission);
    await createDetailRepo(t.db).grant('insight', secretId, otherId, t.clock.now().getTime());
    const granted = await detail<AnalysisSource>(CONTENT_INDEXES.insight, secretId, other);
    const url = granted.data?.detail_info._source.anal_data_info.url ?? '';
    expect((await get(url)).rawPayload.equals(SECRET_PDF)).toBe(true);
  });

  it('lets the Office viewers take the signed URL a topic page handed out', async () => {
    const word = await t.db.kysely
      .selectFrom('analyses')
      .select('id')
      .where('anal_data_ext', '=', 'word')
      .where('restricted', '=', 0)
      .executeTakeFirstOrThrow();
    const source = await detail<AnalysisSource>(CONTENT_INDEXES.insight, word.id, user);
    const url = source.data?.detail_info._source.anal_data_info.url ?? '';
    expect(url).toMatch(/\.docx\?exp=\d+&sig=/);
    expect((await get(url)).statusCode).toBe(200);
    const html = await get(
      `/api/insight_topic/file/html?detail_id=${word.id}&url=${encodeURIComponent(url)}`,
      { token: user },
    );
    expect(html.json<Reply<{ html: string }>>()).toMatchObject({
      code: 0,
      data: { html: expect.any(String) },
    });
  });

  it('gives an avatar’s signed URL to its owner only; the bare URL is refused', async () => {
    const { payload, headers } = multipartFile('file', 'me.png', solidPng(64, 64));
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/user/set/avatar',
      headers: { ...headers, token: user },
      payload,
    });
    const avatar = res.json<Reply<{ avatar: string }>>().data.avatar;
    expect(avatar).toMatch(/^\/files\/avatars\/\d+\/[0-9a-f-]{36}\.png\?exp=\d+&sig=/);
    expect((await get(avatar)).headers['content-type']).toBe('image/png');
    refusal(await get(unsignedFileUrl(avatar)), 403, FILE_MSG.linkMissing);
    refusal(await get(unsignedFileUrl(avatar), { token: other }), 403, FILE_MSG.linkMissing);
    // The shell's session reply and the profile carry the owner's signed URL.
    const routes = await get('/api/user/routes?type=1', { token: user });
    const shellAvatar = routes.json<Reply<{ user: { avatar: string } }>>().data.user.avatar;
    expect(unsignedFileUrl(shellAvatar)).toBe(unsignedFileUrl(avatar));
    expect((await get(shellAvatar)).statusCode).toBe(200);
  });

  it('serves a feedback screenshot to its uploader and the admin inbox, never bare', async () => {
    const { payload, headers } = multipartFile('file', 'shot.png', solidPng(40, 30));
    const uploaded = await t.app.inject({
      method: 'POST',
      url: '/api/feedback/update/screenshot',
      headers: { ...headers, token: user },
      payload,
    });
    const shot = uploaded.json<Reply<{ feedback_url: string }>>().data.feedback_url;
    expect((await get(shot)).statusCode).toBe(200);
    refusal(await get(unsignedFileUrl(shot), { token: admin }), 403, FILE_MSG.linkMissing);
    // The form sends the signed URL back; it is stored without the signature.
    const submitted = await t.app.inject({
      method: 'POST',
      url: '/api/feedback/set/info',
      headers: { token: user },
      payload: { content: '导出报告时页面没有反应，请帮忙看看。', email: 'a@b.cn', screen_shot: shot },
    });
    expect(submitted.json<Reply<null>>().code).toBe(0);
    const inbox = await get('/api/admin/feedback?page=1&page_size=10', { token: admin });
    const listed =
      inbox.json<Reply<{ data: { screenshots: string[] }[] }>>().data.data[0]?.screenshots[0] ?? '';
    expect(unsignedFileUrl(listed)).toBe(unsignedFileUrl(shot));
    expect((await get(listed)).statusCode).toBe(200);
  });

  it('answers 400 for malformed escapes, traversal, NUL and hidden names; 404 for missing and internal files', async () => {
    for (const url of [
      '/files/%25',
      '/files/%2525',
      '/files/..%2F..%2Fetc%2Fpasswd',
      '/files/a%00b.png',
      '/files/.tmp/x',
      '/files/demo/%2F/x.png',
    ]) {
      refusal(await get(url), 400, FILE_MSG.badPath);
    }
    // Escapes the router itself cannot decode stop there, with the general message.
    for (const url of ['/files/%', '/files/%E4%B8', '/files/%zz.png']) {
      refusal(await get(url), 400, MSG.badRequest);
    }
    // A literal ../ is resolved by the URL parser before routing: it never reaches /files.
    expect((await get('/files/../portal.db')).statusCode).not.toBe(200);
    refusal(await get('/files/demo/banners/99.png'), 404, FILE_MSG.notFound);
    await t.storage.put('cache/office/x.json', Buffer.from('{}'), 'application/json');
    refusal(await get('/files/cache/office/x.json'), 404, FILE_MSG.notFound);
  });
});
