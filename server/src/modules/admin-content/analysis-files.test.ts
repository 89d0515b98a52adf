import { CONTENT_INDEXES, MSG, ZAdminAnalysisFiles, type TAnalysisSource } from '@portal/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { demoDocx, demoXlsx } from '../../demo/content/office-files.ts';
import { login } from '../../test/login.ts';
import { buildTestApp, testDatabases, type TestApp } from '../../test/testApp.ts';
import { multipartBody, type Part } from './test-multipart.ts';

type Envelope<T = unknown> = { code: number; message: string; data: T };

/** A 1 × 1 PNG, and a PNG header that declares 50,000 × 50,000 pixels (a decompression bomb). */
const PNG_1PX = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==',
  'base64',
);
const PNG_BOMB = Buffer.from(PNG_1PX);
PNG_BOMB.writeUInt32BE(50_000, 16);
PNG_BOMB.writeUInt32BE(50_000, 20);

describe.each(testDatabases())('insight-topic viewer settings and files on %s', (kind) => {
  let t: TestApp;
  let admin: string;
  let user: string;
  let topic: number;
  let xlsx: Buffer;

  beforeAll(async () => {
    t = await buildTestApp(kind);
    admin = (await login(t, '13800000002')).token;
    user = (await login(t, '13800000001')).token;
    [topic] = (await t.content.addAnalyses([
      {
        title: '新能源汽车核心指标数据看板',
        anal_type: 'dashboard',
        anal_data_ext: 'tableau',
        anal_data_info: JSON.stringify({
          url: 'https://tableau.example.com',
          work_book: 'ev',
          tab_visible: false,
        }),
        published_at: t.clock.now().getTime(),
      },
    ])) as [number];
    xlsx = await demoXlsx([{ sheet: '月度销量', header: ['月份', '销量'], rows: [['1月', 120]] }]);
  }, 120_000);
  afterAll(() => t.close());

  const call = async (method: 'GET' | 'PUT' | 'DELETE', url: string, payload?: object, token = admin) => {
    const res = await t.app.inject({ method, url, headers: { token }, payload });
    return { status: res.statusCode, body: res.json<Envelope>() };
  };
  const upload = async (path: string, parts: readonly Part[]) => {
    const { payload, headers } = multipartBody(parts);
    const res = await t.app.inject({
      method: 'POST',
      url: `/api/admin/analyses/${topic}/${path}`,
      headers: { ...headers, token: admin },
      payload,
    });
    return { status: res.statusCode, body: res.json<Envelope>() };
  };
  const files = async () =>
    ZAdminAnalysisFiles.parse((await call('GET', `/api/admin/analyses/${topic}/files`)).body.data);
  const userSource = async () =>
    (
      await t.app.inject({
        method: 'POST',
        url: '/api/detail',
        headers: { token: user },
        payload: { detail_id: String(topic), index: CONTENT_INDEXES.insight },
      })
    ).json<Envelope<{ detail_info: { _source: TAnalysisSource } }>>().data.detail_info._source;
  const viewer = (body: object) => call('PUT', `/api/admin/analyses/${topic}/viewer`, body);

  it('refuses bad viewer settings with the contract messages and changes nothing', async () => {
    const { version } = await files();
    expect(await viewer({ anal_data_ext: 'quickbi', url: 'javascript:alert(1)', version })).toMatchObject({
      status: 400,
      body: { message: MSG.adminViewerUrlInvalid },
    });
    expect(await viewer({ anal_data_ext: 'powerbi', version })).toMatchObject({
      status: 400,
      body: { message: MSG.adminViewerUrlRequired },
    });
    expect(await viewer({ anal_data_ext: 'tableau', url: 'https://t.example.com', version })).toMatchObject({
      status: 400,
      body: { message: MSG.adminWorkbookRequired },
    });
    expect(await viewer({ anal_data_ext: 'flash', version })).toMatchObject({
      status: 400,
      body: { message: MSG.adminViewerTypeInvalid },
    });
    const stale = await viewer({
      anal_data_ext: 'powerbi',
      url: 'https://app.powerbi.com/r',
      version: version + 5,
    });
    expect(stale).toMatchObject({ status: 409, body: { message: MSG.adminVersionConflict } });
    expect(
      (await call('PUT', '/api/admin/analyses/999999/viewer', { anal_data_ext: 'pdf', version: 1 })).status,
    ).toBe(404);
    expect((await files()).version).toBe(version);
    expect((await userSource()).anal_data_ext).toBe('tableau');
  });

  it('switches the viewer; the user page shows it at once and the audit log has before → after', async () => {
    const { version } = await files();
    const res = await viewer({
      anal_data_ext: 'powerbi',
      url: 'https://app.powerbi.com/reportEmbed?reportId=1',
      tool_bar_visible: true,
      target: '跟踪新能源汽车月度销量',
      version,
    });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    const source = await userSource();
    expect(source.anal_data_ext).toBe('powerbi');
    expect(source.anal_data_info).toMatchObject({
      url: 'https://app.powerbi.com/reportEmbed?reportId=1',
      tool_bar_visible: true,
      work_book: '',
    });
    expect(source.target).toBe('跟踪新能源汽车月度销量');
    const entry = await t.db.kysely
      .selectFrom('audit_log')
      .select(['before', 'after'])
      .where('target_type', '=', 'analysis')
      .where('target_id', '=', topic)
      .orderBy('id', 'desc')
      .executeTakeFirstOrThrow();
    expect(JSON.parse(String(entry.before))).toMatchObject({ anal_data_ext: 'tableau' });
    expect(JSON.parse(String(entry.after))).toMatchObject({ anal_data_ext: 'powerbi' });
  });

  it('takes a viewer file only of the viewer kind, serves it to the Excel viewer, and replaces it', async () => {
    let { version } = await files();
    const noFile = await upload('viewer-file', [
      { name: 'version', content: String(version) },
      { name: 'file', filename: 'a.xlsx', content: xlsx },
    ]);
    expect(noFile).toMatchObject({ status: 400, body: { message: MSG.adminViewerHasNoFile } });
    expect((await viewer({ anal_data_ext: 'excel', version })).status).toBe(200);
    ({ version } = await files());
    const mismatch = await upload('viewer-file', [
      { name: 'version', content: String(version) },
      { name: 'file', filename: 'a.xlsx', content: demoDocx('纪要', ['一']) },
    ]);
    expect(mismatch).toMatchObject({ status: 400, body: { message: MSG.adminViewerFileMismatch } });

    const first = await upload('viewer-file', [
      { name: 'version', content: String(version) },
      { name: 'file', filename: '销量.xlsx', content: xlsx },
    ]);
    expect(first.status, JSON.stringify(first.body)).toBe(200);
    const firstKey = (await userSource()).anal_data_info.url.replace(/^\/files\//, '').replace(/\?.*$/, '');
    expect(firstKey).toMatch(new RegExp(`^analyses/${topic}/.+\\.xlsx$`));
    // The Excel viewer reads the new file.
    const sheets = await t.app.inject({
      method: 'GET',
      url: `/api/insight_topic/file/sheets?detail_id=${topic}`,
      headers: { token: user },
    });
    expect(sheets.json<Envelope<{ sheets: { name: string }[] }>>().data.sheets.map((s) => s.name)).toEqual([
      '月度销量',
    ]);

    ({ version } = await files());
    const second = await upload('viewer-file', [
      { name: 'version', content: String(version) },
      { name: 'file', filename: '销量2.xlsx', content: xlsx },
    ]);
    expect(second.status).toBe(200);
    expect(await t.storage.get(firstKey)).toBeNull();
    expect((await files()).file_url).toMatch(/sig=/);
  });

  it('adds and removes related files and refuses a decompression-bomb cover', async () => {
    let { version } = await files();
    const docx = demoDocx('研究纪要', ['一、核心发现']);
    const bad = await upload('related-files', [
      { name: 'version', content: String(version) },
      { name: 'file', filename: 'x.exe', content: 'MZ\x90\x00' },
    ]);
    expect(bad).toMatchObject({ status: 400, body: { message: MSG.adminRelatedFileInvalid } });
    const added = await upload('related-files', [
      { name: 'version', content: String(version) },
      { name: 'file', filename: '研究纪要.docx', content: docx },
    ]);
    expect(added.status, JSON.stringify(added.body)).toBe(200);
    const quote = (await userSource()).quote_data_info.at(-1);
    expect(quote).toMatchObject({ title: '研究纪要', ext: 'docx' });
    const key = String(quote?.url)
      .replace(/^\/files\//, '')
      .replace(/\?.*$/, '');
    expect(await t.storage.get(key)).not.toBeNull();

    ({ version } = await files());
    const index = (await files()).related.length - 1;
    const removed = await call(
      'DELETE',
      `/api/admin/analyses/${topic}/related-files/${index}?version=${version}`,
    );
    expect(removed.status).toBe(200);
    expect((await userSource()).quote_data_info.some((q) => q.title === '研究纪要')).toBe(false);
    expect(await t.storage.get(key)).toBeNull();

    ({ version } = await files());
    const bomb = await upload('cover', [
      { name: 'version', content: String(version) },
      { name: 'file', filename: 'cover.png', content: PNG_BOMB },
    ]);
    expect(bomb).toMatchObject({ status: 400, body: { message: MSG.adminCoverInvalid } });
    const cover = await upload('cover', [
      { name: 'version', content: String(version) },
      { name: 'file', filename: 'cover.png', content: PNG_1PX },
    ]);
    expect(cover.status).toBe(200);
    expect((await files()).cover_url).toMatch(new RegExp(`^/files/public/analyses/${topic}/.+\\.png$`));
  });
});
