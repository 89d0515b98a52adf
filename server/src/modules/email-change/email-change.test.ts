import { MSG, type TSubscribeInfoReply } from '@portal/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { login } from '../../test/login.ts';
import { startSmtpSink, type SmtpSink } from '../../test/smtpSink.ts';
import { buildTestApp, testDatabases, type TestApp } from '../../test/testApp.ts';

type Envelope<T> = { code: number; message: string; data: T };

describe.each(testDatabases())('e-mail change on %s (real SMTP peer)', (kind) => {
  let t: TestApp;
  let sink: SmtpSink;
  let nextPhone = 13900003000;
  beforeAll(async () => {
    sink = await startSmtpSink();
    t = await buildTestApp(kind, {
      env: { SMTP_URL: sink.url, MAIL_FROM: '洞察门户 <no-reply@portal.test>' },
    });
  }, 120_000);
  afterAll(async () => {
    await t.close();
    await sink.close();
  });

  const newUser = async () => (await login(t, String(nextPhone++))).token;
  const sendCode = async (token: string, email: string) => {
    const res = await t.app.inject({
      method: 'GET',
      url: `/api/email/send/code?email=${encodeURIComponent(email)}`,
      headers: { token },
    });
    return { status: res.statusCode, body: res.json<Envelope<null>>() };
  };
  const setEmail = async (token: string, body: Record<string, unknown>) => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/user/set/email',
      headers: { token },
      payload: body,
    });
    return { status: res.statusCode, body: res.json<Envelope<{ email: string }>>() };
  };
  const emailOf = async (token: string) => {
    const res = await t.app.inject({
      method: 'GET',
      url: '/api/business/subscribe/info',
      headers: { token },
    });
    return res.json<Envelope<TSubscribeInfoReply>>().data.email;
  };
  /** The code in the newest mail the SMTP peer received for `address`. */
  const mailedCode = async (address: string, count: number) => {
    const deadline = Date.now() + 5000;
    while (sink.messagesTo(address).length < count && Date.now() < deadline) {
      await new Promise((r) => setTimeout(r, 20));
    }
    const mails = sink.messagesTo(address);
    expect(mails).toHaveLength(count);
    const mail = mails[mails.length - 1];
    const code = /验证码为：(\d{6})/.exec(mail?.text ?? '')?.[1];
    if (!code) {
      throw new Error(`no code in: ${mail?.text}`);
    }
    return code;
  };

  it('mails a 6-digit code and sets the address with it, once', async () => {
    const token = await newUser();
    const sent = await sendCode(token, 'new1@example.com');
    expect(sent.body).toEqual({ code: 0, message: MSG.codeSent, data: null });
    const code = await mailedCode('new1@example.com', 1);
    const mail = sink.messagesTo('new1@example.com')[0];
    expect(mail?.subject).toContain(code);
    expect(mail?.from).toContain('no-reply@portal.test');

    const ok = await setEmail(token, { email: 'new1@example.com', code });
    expect(ok.body).toEqual({ code: 0, message: 'success', data: { email: 'new1@example.com' } });
    expect(await emailOf(token)).toBe('new1@example.com');
    // One use only.
    const again = await setEmail(token, { email: 'new1@example.com', code });
    expect(again.body.message).toBe(MSG.codeExpired);
  });

  it('refuses a bad address and a missing code in the spec words', async () => {
    const token = await newUser();
    for (const email of ['', 'nope', 'a@b']) {
      const r = await sendCode(token, email);
      expect(r.status).toBe(400);
      expect(r.body.message).toBe(MSG.changeEmailInvalid);
    }
    expect((await setEmail(token, { email: 'x@example.com' })).body.message).toBe(MSG.codeRequired);
    expect((await setEmail(token, { email: 'x@example.com', code: ' ' })).body.message).toBe(
      MSG.codeRequired,
    );
    expect((await setEmail(token, { email: 'bad', code: '123456' })).body.message).toBe(
      MSG.changeEmailInvalid,
    );
    expect(sink.messagesTo('x@example.com')).toEqual([]);
  });

  it('lets a new code go out only after 60 s, and the new code replaces the old', async () => {
    const token = await newUser();
    await sendCode(token, 'new2@example.com');
    const first = await mailedCode('new2@example.com', 1);
    const soon = await sendCode(token, 'new2@example.com');
    expect(soon.status).toBe(429);
    expect(soon.body.message).toBe(MSG.codeResendTooSoon);
    t.clock.advance(61);
    expect((await sendCode(token, 'new2@example.com')).body.code).toBe(0);
    const second = await mailedCode('new2@example.com', 2);
    if (first !== second) {
      expect((await setEmail(token, { email: 'new2@example.com', code: first })).body.message).toBe(
        MSG.codeWrong,
      );
    }
    expect((await setEmail(token, { email: 'new2@example.com', code: second })).body.code).toBe(0);
  });

  it('binds the code to its address and expires it after 10 minutes', async () => {
    const token = await newUser();
    await sendCode(token, 'new3@example.com');
    const code = await mailedCode('new3@example.com', 1);
    const other = await setEmail(token, { email: 'thief@example.com', code });
    expect(other.body.message).toBe(MSG.codeWrong);
    expect(await emailOf(token)).toBe('');
    t.clock.advance(601);
    expect((await setEmail(token, { email: 'new3@example.com', code })).body.message).toBe(MSG.codeExpired);
    expect(await emailOf(token)).toBe('');
  });

  it('stops a code after 5 wrong tries', async () => {
    const token = await newUser();
    await sendCode(token, 'new4@example.com');
    const code = await mailedCode('new4@example.com', 1);
    const wrong = code === '000000' ? '111111' : '000000';
    const messages: string[] = [];
    for (let i = 0; i < 5; i++) {
      messages.push((await setEmail(token, { email: 'new4@example.com', code: wrong })).body.message);
    }
    expect(messages).toEqual([
      MSG.codeWrong,
      MSG.codeWrong,
      MSG.codeWrong,
      MSG.codeWrong,
      MSG.codeTooManyTries,
    ]);
    expect((await setEmail(token, { email: 'new4@example.com', code })).body.message).toBe(
      MSG.codeTooManyTries,
    );
    expect(await emailOf(token)).toBe('');
  });

  it('a code is its user’s own: another user cannot use it', async () => {
    const owner = await newUser();
    const stranger = await newUser();
    await sendCode(owner, 'new5@example.com');
    const code = await mailedCode('new5@example.com', 1);
    expect((await setEmail(stranger, { email: 'new5@example.com', code })).body.message).toBe(
      MSG.codeExpired,
    );
    expect(await emailOf(stranger)).toBe('');
    expect((await setEmail(owner, { email: 'new5@example.com', code })).body.code).toBe(0);
  });

  it('needs a session', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/email/send/code?email=a@example.com' });
    expect(res.statusCode).toBe(401);
  });
});
