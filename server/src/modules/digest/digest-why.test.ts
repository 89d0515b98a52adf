import { MSG, type TSearchAlert, type TSubscribeInfoReply } from '@portal/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { resolveAppSecret } from '../../platform/app-secret.ts';
import { SmtpMailer } from '../../platform/mail/smtp-mailer.ts';
import { login } from '../../test/login.ts';
import { startSmtpSink, type SmtpSink } from '../../test/smtpSink.ts';
import { buildTestApp, testDatabases, type TestApp } from '../../test/testApp.ts';
import { unsubscribeToken } from '../unsubscribe/unsubscribe-token.ts';
import { addHeadline, addSubscriber } from './digest.fixtures.ts';
import { createDigestService, type DigestService } from './digest.service.ts';
import { forgedToken } from '../unsubscribe/forged-token.fixture.ts';

const PUBLIC_URL = 'https://portal.test';
const HOUR = 3600_000;
type Envelope<T> = { code: number; message: string; data: T };

/** Issue 21: a digest that says why, search alerts in the digest, and the signed 不再接收 links. */
describe.each(testDatabases())('a digest that says why (%s)', (kind) => {
  let t: TestApp;
  let sink: SmtpSink;
  let mailer: SmtpMailer;
  let digest: DigestService;
  let reader: { id: number; phone: string };
  let token: string;
  const now = () => t.clock.now().getTime();
  const call = async <T>(method: 'GET' | 'POST' | 'DELETE', url: string, payload?: object, auth = true) => {
    const res = await t.app.inject({
      method,
      url,
      ...(auth ? { headers: { token } } : {}),
      ...(payload ? { payload } : {}),
    });
    return { status: res.statusCode, body: res.json<Envelope<T>>() };
  };
  const runDigest = async () => {
    await digest.plan({ trigger: 'manual' });
    await digest.sendDue();
    return sink.messagesTo('why@example.com').at(-1);
  };
  /** The section's 不再接收 link in the text part: `不再接收「label」：url`. */
  const muteLink = (text: string, label: string) =>
    new RegExp(`不再接收(?:此搜索)?「${label}」：(\\S+)`).exec(text)?.[1] ?? '';
  const tokenOf = (link: string) => decodeURIComponent(new URL(link).searchParams.get('token') ?? '');

  beforeAll(async () => {
    sink = await startSmtpSink();
    t = await buildTestApp(kind, { seed: false, env: { SMTP_URL: sink.url, PUBLIC_URL } });
    mailer = new SmtpMailer(sink.url, '洞察门户 <no-reply@portal.test>');
    digest = createDigestService({
      db: t.db,
      mailer,
      clock: t.clock,
      publicUrl: PUBLIC_URL,
      timeZone: 'Asia/Shanghai',
      secret: resolveAppSecret(t.config),
    });
    reader = await addSubscriber(t.db, {
      email: 'why@example.com',
      keywords: ['新能源', '芯片'],
      now: now(),
    });
    token = (await login(t, reader.phone)).token;
  });
  afterAll(async () => {
    await mailer.close();
    await t.close();
    await sink.close();
  });

  it('names the keyword or alert behind every item, bolds the match and links to all of them', async () => {
    for (let i = 1; i <= 7; i++) {
      await addHeadline(t.db, {
        title: `新能源项目第${i}期开工`,
        published_at: now() - i * 60_000,
      });
    }
    await addHeadline(t.db, { title: '芯片出口数据', published_at: now() - HOUR });
    await addHeadline(t.db, { title: '储能电站招标启动', published_at: now() - HOUR });
    const report = await t.db.kysely
      .insertInto('reports')
      .values({
        content_id: 'why-report',
        title: '储能行业年度报告',
        description: '储能装机与成本分析',
        cover_key: '',
        pdf_key: '',
        page_count: 1,
        published_at: now() - HOUR,
        created_at: now() - HOUR,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    const alert = await call<TSearchAlert>('POST', '/api/search/alerts', { query: '储能', tn: 'all' });
    expect(alert.body).toMatchObject({
      code: 0,
      message: MSG.alertCreated,
      data: { query: '储能', paused: 0 },
    });

    const mail = await runDigest();
    const text = mail?.text ?? '';
    const html = mail?.html ?? '';
    expect(text).toContain('您好！您订阅的关键词（新能源、芯片）和搜索订阅（储能）有 8 条新内容');
    // A keyword matched in the title only is marked there.
    expect(html).toMatch(/<em style="[^"]+">芯片<\/em>出口数据<\/a>/);
    // Five of the seven 新能源 headlines, each saying why, and the section's link to all seven.
    expect(text.match(/命中关键词「新能源」/g)).toHaveLength(5);
    expect(text).toContain(`查看全部 7 条：${PUBLIC_URL}/headlines?keyword=${encodeURIComponent('新能源')}`);
    expect(text).toContain('命中关键词「芯片」：【芯片】出口数据');
    expect(html).toMatch(/命中关键词「新能源」：<\/span><b style="[^"]+">新能源<\/b>项目/);
    // The alert's section: a headline and a report, with the search it saved.
    expect(text).toContain('【搜索订阅：储能】');
    expect(text).toContain('命中搜索订阅「储能」：【储能】电站招标启动');
    expect(text).toContain(`${PUBLIC_URL}/report/report_details/${report.id}`);
    expect(text).toContain(
      `查看全部 2 条：${PUBLIC_URL}/searchpage/searchpage?search=${encodeURIComponent('储能')}`,
    );
    expect(muteLink(text, '新能源')).toMatch(/^https:\/\/portal\.test\/digest_mute\?token=/);
    expect(muteLink(text, '储能')).not.toBe(muteLink(text, '新能源'));
    expect(html).toContain('>不再接收</a>');
  });

  it('mutes a keyword from the e-mail without logging in, and the next digest leaves it out until undone', async () => {
    const first = sink.messagesTo('why@example.com')[0]?.text ?? '';
    const mute = tokenOf(muteLink(first, '新能源'));
    const info = await call(
      'GET',
      `/api/digest/mute/info?token=${encodeURIComponent(mute)}`,
      undefined,
      false,
    );
    expect(info.body.data).toEqual({ kind: 'keyword', label: '新能源', muted: 0 });
    // A GET of the info changes nothing; the POST mutes.
    const done = await call('POST', '/api/digest/mute', { token: mute }, false);
    expect(done.body).toEqual({
      code: 0,
      message: MSG.keywordMuted,
      data: { kind: 'keyword', label: '新能源', muted: 1 },
    });
    const settings = await call<TSubscribeInfoReply>('GET', '/api/business/subscribe/info');
    expect(settings.body.data.keyword_list.map((k) => [k.keyword, k.status, k.muted])).toEqual([
      ['新能源', 1, 1],
      ['芯片', 1, 0],
    ]);

    t.clock.advance(24 * 3600);
    await addHeadline(t.db, { title: '新能源电池新规', published_at: now() - HOUR });
    await addHeadline(t.db, { title: '芯片设计大会', published_at: now() - HOUR });
    const next = (await runDigest())?.text ?? '';
    expect(next).toContain('芯片设计大会');
    expect(next).not.toContain('新能源电池新规');
    expect(next).not.toContain('【新能源】');

    // Undo from /keyword_setting: the day after, it is back.
    const undo = await call('POST', '/api/business/subscribe/keyword/mute', { keyword: '新能源', muted: 0 });
    expect(undo.body.data).toEqual({ keyword: '新能源', muted: 0 });
    // Muting from /keyword_setting works the same way.
    await call('POST', '/api/business/subscribe/keyword/mute', { keyword: '芯片', muted: 1 });
    t.clock.advance(24 * 3600);
    await addHeadline(t.db, { title: '新能源重卡上市', published_at: now() - HOUR });
    await addHeadline(t.db, { title: '芯片封装突破', published_at: now() - HOUR });
    const third = (await runDigest())?.text ?? '';
    expect(third).toContain('新能源重卡上市');
    expect(third).not.toContain('芯片封装突破');
    await call('POST', '/api/business/subscribe/keyword/mute', { keyword: '芯片', muted: 0 });
  });

  it('a forged or stale link changes nothing and says so', async () => {
    const first = sink.messagesTo('why@example.com')[0]?.text ?? '';
    const mute = tokenOf(muteLink(first, '新能源'));
    const forged = forgedToken(mute);
    for (const bad of [forged, unsubscribeToken(resolveAppSecret(t.config), reader.id), 'nonsense']) {
      const r = await call('POST', '/api/digest/mute', { token: bad }, false);
      expect(r.status).toBe(400);
      expect(r.body).toMatchObject({ code: -1, message: MSG.muteLinkInvalid });
    }
    const alertMute = tokenOf(muteLink(first, '储能'));
    const [alert] = (await call<TSearchAlert[]>('GET', '/api/search/alerts')).body.data;
    expect(alert?.paused).toBe(0);
    // The alert's link pauses it; deleted, its link is stale.
    expect((await call('POST', '/api/digest/mute', { token: alertMute }, false)).body).toMatchObject({
      message: MSG.alertPaused,
      data: { kind: 'alert', label: '储能', muted: 1 },
    });
    expect((await call<TSearchAlert[]>('GET', '/api/search/alerts')).body.data[0]?.paused).toBe(1);
    await call('DELETE', `/api/search/alerts/${alert?.id}`);
    const stale = await call('POST', '/api/digest/mute', { token: alertMute }, false);
    expect(stale.status).toBe(400);
    expect(stale.body).toMatchObject({ code: -1, message: MSG.muteLinkStale });
    expect(
      (await call<TSubscribeInfoReply>('GET', '/api/business/subscribe/info')).body.data.keyword_list.map(
        (k) => k.muted,
      ),
    ).toEqual([0, 0]);
  });
});
