import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { IMAGE_UPLOAD_MAX_BYTES, MSG } from '@portal/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_USER_PHONE } from '../../seed/demo-users.ts';
import { login } from '../../test/login.ts';
import { buildTestApp, testDatabases, type TestApp } from '../../test/testApp.ts';

type Seen = { method: string; url: string; body: string };
type Peer = { url: string; seen: Seen[]; close(): Promise<void> };

/** A real HTTP server on a free local port answering with `handler`; it records every request. */
async function startPeer(handler: (req: Seen, res: ServerResponse) => void): Promise<Peer> {
  const seen: Seen[] = [];
  const server: Server = createServer((req: IncomingMessage, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const entry = {
        method: req.method ?? '',
        url: req.url ?? '',
        body: Buffer.concat(chunks).toString('utf8'),
      };
      seen.push(entry);
      handler(entry, res);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    seen,
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
}

const json = (res: ServerResponse, body: unknown, status = 200) =>
  res.writeHead(status, { 'content-type': 'application/json' }).end(JSON.stringify(body));

const PNG = Buffer.concat([
  Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
  Buffer.alloc(64, 1),
]);
function bmp(): Buffer {
  const b = Buffer.alloc(64);
  b.write('BM', 0, 'latin1');
  b.writeUInt32LE(40, 14);
  return b;
}

function multipart(field: string, filename: string, bytes: Buffer) {
  const boundary = '----portaltest7MA4YWxkTrZu0gW';
  const payload = Buffer.concat([
    Buffer.from(
      `--${boundary}\r\nContent-Disposition: form-data; name="${field}"; filename="${filename}"\r\nContent-Type: image/png\r\n\r\n`,
    ),
    bytes,
    Buffer.from(`\r\n--${boundary}--\r\n`),
  ]);
  return { payload, headers: { 'content-type': `multipart/form-data; boundary=${boundary}` } };
}

describe.each(testDatabases())('viewer adapters on %s', (kind) => {
  let tableau: Peer;
  let quickBi: Peer;
  let model: Peer;
  let brokenModel: Peer;
  let t: TestApp;
  let bare: TestApp;
  let token: string;
  let bareToken: string;
  let modelTopic: number;
  let defaultTopic: number;
  let brokenTopic: number;
  let pdfTopic: number;
  let bareTopic: number;

  beforeAll(async () => {
    tableau = await startPeer((req, res) =>
      res.end(req.body.includes('username=portal-viewer') ? 'tkt-9f8e7d:AbC_12' : '-1'),
    );
    quickBi = await startPeer((req, res) => {
      const body = JSON.parse(req.body) as { access_key: string };
      return body.access_key === 'ak'
        ? json(res, { data: { access_token: 'qb-token-1', invalid_time: 1_800_000_000_000 } })
        : json(res, { error: 'bad key' }, 403);
    });
    model = await startPeer((req, res) => {
      const body = JSON.parse(req.body) as { image: string; top_num: number };
      const bytes = Buffer.from(body.image, 'base64');
      json(res, {
        log_id: 1,
        results: [
          { name: bytes[0] === 0x89 ? '咖啡杯' : '位图', score: 0.91 },
          { name: '马克杯', score: 0.07 },
        ],
        url: req.url,
      });
    });
    brokenModel = await startPeer((_req, res) =>
      json(res, { error_code: 17, error_msg: 'Open api daily request limit reached' }),
    );
    t = await buildTestApp(kind, {
      env: {
        TABLEAU_SERVER_URL: tableau.url,
        TABLEAU_USERNAME: 'portal-viewer',
        TABLEAU_SITE: 'insight',
        QUICKBI_TOKEN_URL: `${quickBi.url}/token`,
        QUICKBI_ACCESS_KEY: 'ak',
        QUICKBI_ACCESS_SECRET: 'sk',
        CLASSIFIER_URL: `${model.url}/default`,
        CLASSIFIER_ACCESS_TOKEN: 'bml-token',
      },
    });
    bare = await buildTestApp(kind);
    token = (await login(t, DEMO_USER_PHONE)).token;
    bareToken = (await login(bare, DEMO_USER_PHONE)).token;
    const topic = (title: string, ext: string, url: string) => ({
      title,
      anal_type: 'persona',
      anal_data_ext: ext,
      anal_data_info: JSON.stringify({ model: 'image-classification', url }),
      published_at: 1,
    });
    [modelTopic, defaultTopic, brokenTopic, pdfTopic] = (await t.content.addAnalyses([
      topic('商品图片识别', 'baidu_ai', `${model.url}/own-model`),
      topic('默认模型识别', 'baidu_ai', ''),
      topic('故障模型识别', 'baidu_ai', `${brokenModel.url}/m`),
      topic('PDF 专题', 'pdf', '/files/x.pdf'),
    ])) as [number, number, number, number];
    [bareTopic] = (await bare.content.addAnalyses([topic('商品图片识别', 'baidu_ai', '')])) as [number];
  }, 120_000);
  afterAll(async () => {
    await t.close();
    await bare.close();
    await Promise.all([tableau, quickBi, model, brokenModel].map((p) => p.close()));
  });

  const get = async (app: TestApp, url: string, as: string) =>
    (await app.app.inject({ method: 'GET', url, headers: { token: as } })).json<{
      code: number;
      message: string;
      data: unknown;
    }>();
  const classify = async (app: TestApp, id: number, bytes: Buffer, as: string, field = 'image') => {
    const { payload, headers } = multipart(field, 'photo.png', bytes);
    const res = await app.app.inject({
      method: 'POST',
      url: `/api/baidu/bml/image/classfication?detail_id=${id}`,
      headers: { ...headers, token: as },
      payload,
    });
    return {
      status: res.statusCode,
      body: res.json<{
        code: number;
        message: string;
        data: { results: { name: string; score: number }[] } | null;
      }>(),
    };
  };

  it('gets a Tableau trusted ticket for the configured user and site', async () => {
    expect(await get(t, '/api/getTableau', token)).toEqual({
      code: 0,
      message: 'success',
      data: { response: { ticket: 'tkt-9f8e7d:AbC_12' } },
    });
    expect(tableau.seen.at(-1)).toMatchObject({
      method: 'POST',
      url: '/trusted',
      body: 'username=portal-viewer&target_site=insight',
    });
  });

  it('gets a QuickBI token', async () => {
    expect(await get(t, '/api/insight_topic/quickBI/token', token)).toEqual({
      code: 0,
      message: 'success',
      data: { access_token: 'qb-token-1', invalid_time: 1_800_000_000_000 },
    });
    expect(JSON.parse(quickBi.seen.at(-1)?.body ?? '{}')).toEqual({ access_key: 'ak', access_secret: 'sk' });
  });

  it('tells the viewer whether its service is connected and what an operator must set', async () => {
    const dashboard = (title: string, ext: string, url: string) => ({
      title,
      anal_type: 'dashboard',
      anal_data_ext: ext,
      anal_data_info: JSON.stringify({ url, work_book: 'wb' }),
      published_at: 1,
    });
    const status = (app: TestApp, id: number, as: string) =>
      get(app, `/api/insight_topic/viewer/status?detail_id=${id}`, as);
    const [powerBi, tableauTopic, quickBiTopic, pdf] = (await bare.content.addAnalyses([
      dashboard('Power BI 看板', 'powerbi', 'https://app.powerbi.example.com/reportEmbed?reportId=1'),
      dashboard('Tableau 看板', 'tableau', 'https://tableau.example.com/views/a'),
      dashboard('QuickBI 看板', 'quickbi', 'https://bi.example.com/view'),
      dashboard('PDF 专题', 'pdf', '/files/x.pdf'),
    ])) as [number, number, number, number];

    // Nothing configured: each dashboard names what is missing; a stored file needs nothing.
    expect((await status(bare, powerBi, bareToken)).data).toEqual({
      viewer: 'powerbi',
      configured: false,
      missing: ['DASHBOARD_ORIGINS'],
      origin: 'https://app.powerbi.example.com',
    });
    expect((await status(bare, tableauTopic, bareToken)).data).toMatchObject({
      configured: false,
      missing: ['TABLEAU_SERVER_URL', 'TABLEAU_USERNAME', 'DASHBOARD_ORIGINS'],
    });
    expect((await status(bare, quickBiTopic, bareToken)).data).toMatchObject({
      configured: false,
      missing: ['QUICKBI_TOKEN_URL', 'QUICKBI_ACCESS_KEY', 'QUICKBI_ACCESS_SECRET', 'DASHBOARD_ORIGINS'],
    });
    expect((await status(bare, bareTopic, bareToken)).data).toMatchObject({
      viewer: 'baidu_ai',
      configured: false,
      missing: ['CLASSIFIER_URL'],
    });
    expect((await status(bare, pdf, bareToken)).data).toMatchObject({ configured: true, missing: [] });

    // Configured: the Tableau server's own origin is framed; the classifier has its default model.
    const [framed] = (await t.content.addAnalyses([
      dashboard('Tableau 看板', 'tableau', `${tableau.url}/views/a`),
    ])) as [number];
    expect((await status(t, framed, token)).data).toEqual({
      viewer: 'tableau',
      configured: true,
      missing: [],
      origin: tableau.url,
    });
    expect((await status(t, defaultTopic, token)).data).toMatchObject({ configured: true });

    expect((await status(bare, 99_999_999, bareToken)).code).toBe(-1);
    const anonymous = await bare.app.inject({
      method: 'GET',
      url: `/api/insight_topic/viewer/status?detail_id=${powerBi}`,
    });
    expect(anonymous.statusCode).toBe(401);
  });

  it('says so when a provider is not configured', async () => {
    expect(await get(bare, '/api/getTableau', bareToken)).toEqual({
      code: -1,
      message: MSG.tableauNotConfigured,
      data: null,
    });
    expect(await get(bare, '/api/insight_topic/quickBI/token', bareToken)).toEqual({
      code: -1,
      message: MSG.quickBiNotConfigured,
      data: null,
    });
    expect((await classify(bare, bareTopic, PNG, bareToken)).body).toEqual({
      code: -1,
      message: MSG.classifierNotConfigured,
      data: null,
    });
    expect((await bare.app.inject({ method: 'GET', url: '/api/getTableau' })).statusCode).toBe(401);
  });

  it('classifies with the model of the topic, else the configured one', async () => {
    const own = await classify(t, modelTopic, PNG, token);
    expect(own.status, JSON.stringify(own.body)).toBe(200);
    expect(own.body).toEqual({
      code: 0,
      message: 'success',
      data: {
        results: [
          { name: '咖啡杯', score: 0.91 },
          { name: '马克杯', score: 0.07 },
        ],
      },
    });
    expect(model.seen.at(-1)?.url).toBe('/own-model?access_token=bml-token');
    expect(JSON.parse(model.seen.at(-1)?.body ?? '{}')).toMatchObject({
      image: PNG.toString('base64'),
      top_num: 10,
    });
    const fallback = await classify(t, defaultTopic, bmp(), token);
    expect(fallback.body.data?.results[0]?.name).toBe('位图');
    expect(model.seen.at(-1)?.url).toBe('/default?access_token=bml-token');
  });

  it('answers code -1 with the message when the model fails', async () => {
    expect((await classify(t, brokenTopic, PNG, token)).body).toEqual({
      code: -1,
      message: MSG.classifierFailed,
      data: null,
    });
  });

  it('refuses non-images by their bytes and files over 4 MiB, before calling the model', async () => {
    const calls = model.seen.length;
    const text = await classify(t, modelTopic, Buffer.from('BMnot really a bitmap, just text'), token);
    expect(text).toEqual({ status: 400, body: { code: -1, message: MSG.uploadFailed, data: null } });
    const big = Buffer.concat([PNG, Buffer.alloc(IMAGE_UPLOAD_MAX_BYTES)]);
    const tooBig = await classify(t, modelTopic, big, token);
    expect(tooBig).toEqual({ status: 413, body: { code: -1, message: MSG.uploadFailed, data: null } });
    expect((await classify(t, modelTopic, PNG, token, 'file')).status).toBe(400);
    expect(model.seen.length).toBe(calls);
    expect((await classify(t, pdfTopic, PNG, token)).status).toBe(404);
    expect((await classify(t, 999999, PNG, token)).status).toBe(404);
  });
});
