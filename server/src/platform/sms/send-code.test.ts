import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { MSG, SMS_CODE } from '@portal/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp, type App } from '../../app.ts';
import { loadConfig } from '../../config.ts';
import { migrateToLatest } from '../../db/migrate.ts';
import { ManualClock } from '../../test/manualClock.ts';
import { openTestDatabase, testDatabases } from '../../test/testApp.ts';
import { startAliyunStandIn } from './test/aliyun-stand-in.ts';
import { startTencentStandIn } from './test/tencent-stand-in.ts';

const PHONE = '13912345678';

/** The portal as `npm start` builds it (no injected SMS double), with SMS_ADAPTER from `env`. */
async function portalWith(kind: 'sqlite' | 'postgres', env: Record<string, string>) {
  const { db, drop } = await openTestDatabase(kind);
  await migrateToLatest(db);
  const dataDir = mkdtempSync(join(tmpdir(), 'portal-sms-'));
  const lines: string[] = [];
  const clock = new ManualClock();
  const app: App = await buildApp({
    config: loadConfig({ WEB_DIST: join(tmpdir(), 'portal-no-web-dist'), DATA_DIR: dataDir, ...env }),
    db,
    clock,
    logger: { level: 'info', stream: { write: (line: string) => void lines.push(line) } },
  });
  return {
    app,
    clock,
    lines,
    sendCode: () => app.inject({ url: `/api/sendCode?phone=${PHONE}` }),
    login: (code: string) => app.inject({ url: `/api/login?phone=${PHONE}&code=${code}` }),
    async close() {
      await app.close();
      await drop();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

const failure = (message: string) => ({ code: -1, message, data: null });

describe.each(testDatabases())('sendCode through the real SMS adapters on %s', (kind) => {
  let aliyun: Awaited<ReturnType<typeof startAliyunStandIn>>;
  let tencent: Awaited<ReturnType<typeof startTencentStandIn>>;
  beforeAll(async () => {
    aliyun = await startAliyunStandIn({ ak: 'aliyun-secret' });
    tencent = await startTencentStandIn({ sid: 'tencent-secret' });
  });
  afterAll(async () => {
    await aliyun.close();
    await tencent.close();
  });

  it('Aliyun: the code the provider received logs in; flow control is 429; a failure 502 and logged without the code', async () => {
    const portal = await portalWith(kind, {
      SMS_ADAPTER: 'aliyun',
      ALIYUN_SMS_ACCESS_KEY_ID: 'ak',
      ALIYUN_SMS_ACCESS_KEY_SECRET: 'aliyun-secret',
      ALIYUN_SMS_SIGN_NAME: '洞察门户',
      ALIYUN_SMS_TEMPLATE_CODE: 'SMS_1',
      ALIYUN_SMS_ENDPOINT: aliyun.endpoint,
    });
    try {
      aliyun.answerWith({ code: 'OK' });
      expect((await portal.sendCode()).json()).toEqual({ code: 0, message: MSG.codeSent, data: null });
      const { code } = JSON.parse(aliyun.lastSend().TemplateParam ?? '{}') as { code: string };
      expect((await portal.login(code)).json().code).toBe(0);
      expect(portal.lines.join('')).not.toContain(code);

      portal.clock.advance(SMS_CODE.resendSeconds);
      aliyun.answerWith({ code: 'isv.BUSINESS_LIMIT_CONTROL', message: '触发小时级流控Permits:5' });
      const limited = await portal.sendCode();
      expect(limited.statusCode).toBe(429);
      expect(limited.json()).toEqual(failure(MSG.codeResendTooSoon));
      const refused = JSON.parse(aliyun.lastSend().TemplateParam ?? '{}') as { code: string };
      expect((await portal.login(refused.code)).json()).toEqual(failure(MSG.codeExpired));

      portal.clock.advance(SMS_CODE.resendSeconds);
      aliyun.answerWith({ code: 'isv.AMOUNT_NOT_ENOUGH', message: '账户余额不足' });
      const failed = await portal.sendCode();
      expect(failed.statusCode).toBe(502);
      expect(failed.json()).toEqual(failure(MSG.smsSendFailed));
      const logged = portal.lines
        .map((l) => JSON.parse(l) as Record<string, unknown>)
        .filter((l) => l.provider);
      expect(logged.map((l) => [l.providerCode, l.phone, l.limited])).toEqual([
        ['isv.BUSINESS_LIMIT_CONTROL', '139****5678', true],
        ['isv.AMOUNT_NOT_ENOUGH', '139****5678', false],
      ]);
      const failedCode = (JSON.parse(aliyun.lastSend().TemplateParam ?? '{}') as { code: string }).code;
      expect(portal.lines.join('')).not.toContain(failedCode);
      expect(aliyun.signatureProblems).toEqual([]);
    } finally {
      await portal.close();
    }
  });

  it('Tencent: the code the provider received logs in; per-phone flow control is 429; a wrong key 502', async () => {
    const env = {
      SMS_ADAPTER: 'tencent',
      TENCENT_SMS_SECRET_ID: 'sid',
      TENCENT_SMS_SECRET_KEY: 'tencent-secret',
      TENCENT_SMS_SDK_APP_ID: '1400000000',
      TENCENT_SMS_SIGN_NAME: '洞察门户',
      TENCENT_SMS_TEMPLATE_ID: '449739',
      TENCENT_SMS_ENDPOINT: tencent.endpoint,
    };
    const portal = await portalWith(kind, env);
    try {
      tencent.answerWith({ code: 'Ok' });
      expect((await portal.sendCode()).statusCode).toBe(200);
      const [code = ''] = tencent.lastSend().TemplateParamSet as string[];
      expect((await portal.login(code)).json().code).toBe(0);

      portal.clock.advance(SMS_CODE.resendSeconds);
      tencent.answerWith({
        phoneCode: 'LimitExceeded.PhoneNumberOneHourLimit',
        message: 'exceeds the upper limit',
      });
      const limited = await portal.sendCode();
      expect(limited.statusCode).toBe(429);
      expect(limited.json()).toEqual(failure(MSG.codeResendTooSoon));
    } finally {
      await portal.close();
    }
    const wrongKey = await portalWith(kind, { ...env, TENCENT_SMS_SECRET_KEY: 'not-the-key' });
    try {
      const res = await wrongKey.sendCode();
      expect(res.statusCode).toBe(502);
      expect(res.json()).toEqual(failure(MSG.smsSendFailed));
      expect(tencent.signatureProblems).toEqual(['signature does not match']);
    } finally {
      await wrongKey.close();
    }
  });
});
