import { MSG, type TSheetsReply, type TWordHtmlReply } from '@portal/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_USER_PHONE } from '../../seed/demo-users.ts';
import { login } from '../../test/login.ts';
import { buildTestApp, testDatabases, type TestApp } from '../../test/testApp.ts';

type Envelope<T> = { code: number; message: string; data: T };

describe.each(testDatabases())('Office viewers on %s', (kind) => {
  let t: TestApp;
  let token: string;
  const byExt = async (ext: string) => {
    const row = await t.db.kysely
      .selectFrom('analyses')
      .select(['id', 'anal_data_info'])
      .where('anal_data_ext', '=', ext)
      .where('restricted', '=', 0)
      .orderBy('id')
      .executeTakeFirstOrThrow();
    return row;
  };
  const get = async <T>(url: string, as: string | null = token) => {
    const res = await t.app.inject({ method: 'GET', url, headers: as ? { token: as } : {} });
    return { status: res.statusCode, body: res.json<Envelope<T>>() };
  };
  beforeAll(async () => {
    t = await buildTestApp(kind, { demoReports: 0 });
    token = (await login(t, DEMO_USER_PHONE)).token;
  }, 180_000);
  afterAll(() => t.close());

  it('converts an excel topic to sheets once and serves the cached copy after', async () => {
    const { id, anal_data_info } = await byExt('excel');
    const first = await get<TSheetsReply>(`/api/insight_topic/file/sheets?detail_id=${id}`);
    expect(first.status, JSON.stringify(first.body)).toBe(200);
    expect(first.body.code).toBe(0);
    expect(first.body.data.sheets.map((s) => s.name)).toEqual(['月度指标', '渠道占比']);
    expect(first.body.data.sheets[0]?.rows[0]).toEqual(['月份', '销售额（万元）', '同比增长']);
    expect(first.body.data.sheets[0]?.rows).toHaveLength(7);
    expect(await t.storage.list('cache/office')).toHaveLength(1);
    // The source can go: the converted sheets are kept.
    const url = (JSON.parse(anal_data_info) as { url: string }).url;
    await t.storage.delete(url.slice('/files/'.length));
    expect((await get<TSheetsReply>(`/api/insight_topic/file/sheets?detail_id=${id}`)).body).toEqual(
      first.body,
    );
  });

  it('converts a word topic to sanitised HTML', async () => {
    const { id } = await byExt('word');
    const res = await get<TWordHtmlReply>(`/api/insight_topic/file/html?detail_id=${id}`);
    expect(res.body.code).toBe(0);
    expect(res.body.data.html).toMatch(/^<h2>.+<\/h2><p>研究目标：/);
  });

  it('opens the related files of a topic and nothing else', async () => {
    const { id } = await byExt('pdf');
    const sheets = await get<TSheetsReply>(
      `/api/insight_topic/file/sheets?detail_id=${id}&url=${encodeURIComponent('/files/demo/analyses/files/related-data.xlsx')}`,
    );
    expect(sheets.body.data.sheets[0]?.name).toBe('核心数据');
    const html = await get<TWordHtmlReply>(
      `/api/insight_topic/file/html?detail_id=${id}&url=${encodeURIComponent('/files/demo/analyses/files/related-notes.docx')}`,
    );
    expect(html.body.data.html).toContain('<h2>研究方法说明</h2>');
    const other = await get(
      `/api/insight_topic/file/sheets?detail_id=${id}&url=${encodeURIComponent('/files/demo/analyses/files/001.xlsx')}`,
    );
    expect(other.status).toBe(404);
    expect((await get('/api/insight_topic/file/sheets?detail_id=999999')).status).toBe(404);
    expect((await get('/api/insight_topic/file/sheets?detail_id=abc')).status).toBe(400);
    expect((await get(`/api/insight_topic/file/sheets?detail_id=${id}`, null)).status).toBe(401);
  });

  it('refuses .xls with the spec alert, and unreadable or missing files with a notice', async () => {
    const [xls, broken, none] = await t.content.addAnalyses([
      {
        title: '旧格式表格',
        anal_type: 'industry',
        anal_data_ext: 'excel',
        anal_data_info: JSON.stringify({ url: '/files/demo/old/data.xls' }),
        published_at: 1,
      },
      {
        title: '损坏的表格',
        anal_type: 'industry',
        anal_data_ext: 'excel',
        anal_data_info: JSON.stringify({ url: '/files/demo/broken/data.xlsx' }),
        published_at: 1,
      },
      {
        title: '没有文件',
        anal_type: 'industry',
        anal_data_ext: 'word',
        anal_data_info: JSON.stringify({ url: '' }),
        published_at: 1,
      },
    ]);
    await t.storage.put(
      'demo/broken/data.xlsx',
      Buffer.from('not a zip'),
      'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
    );
    expect((await get(`/api/insight_topic/file/sheets?detail_id=${xls}`)).body).toEqual({
      code: -1,
      message: MSG.xlsUnsupported,
      data: null,
    });
    expect((await get(`/api/insight_topic/file/sheets?detail_id=${broken}`)).body).toEqual({
      code: -1,
      message: MSG.officeFileUnreadable,
      data: null,
    });
    expect((await get(`/api/insight_topic/file/html?detail_id=${none}`)).body).toEqual({
      code: -1,
      message: MSG.officeFileMissing,
      data: null,
    });
  });

  it('answers 1001 for a restricted topic', async () => {
    const row = await t.db.kysely
      .selectFrom('analyses')
      .select('id')
      .where('restricted', '=', 1)
      .executeTakeFirstOrThrow();
    expect((await get(`/api/insight_topic/file/sheets?detail_id=${row.id}`)).body.code).toBe(1001);
  });
});
