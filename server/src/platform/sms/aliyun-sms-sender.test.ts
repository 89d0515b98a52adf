import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AliyunSmsSender, type AliyunSmsConfig } from './aliyun-sms-sender.ts';
import { SmsSendError } from './sms-sender.ts';
import { startAliyunStandIn } from './test/aliyun-stand-in.ts';
import { captureLog } from './test/capture-log.ts';

const KEY_ID = 'LTAI5tTestKeyId';
const SECRET = 'test-secret-3f9a1c';
const PHONE = '13800000001';
const CODE = '483920';

describe('Aliyun SMS adapter against a signature-checking stand-in', () => {
  let standIn: Awaited<ReturnType<typeof startAliyunStandIn>>;
  let config: AliyunSmsConfig;
  beforeAll(async () => {
    standIn = await startAliyunStandIn({ [KEY_ID]: SECRET });
    config = {
      accessKeyId: KEY_ID,
      accessKeySecret: SECRET,
      signName: '洞察门户',
      templateCode: 'SMS_154950909',
      endpoint: standIn.endpoint,
    };
  });
  afterAll(() => standIn.close());

  const failureOf = async (sender: AliyunSmsSender) => {
    const error = await sender.sendLoginCode(PHONE, CODE).then(
      () => null,
      (e: unknown) => e,
    );
    expect(error).toBeInstanceOf(SmsSendError);
    return error as SmsSendError;
  };

  it('sends SendSms with the sign name, template and code, signed so the check passes', async () => {
    standIn.answerWith({ code: 'OK' });
    const { log, lines } = captureLog();
    await new AliyunSmsSender(config, log).sendLoginCode(PHONE, CODE);
    expect(standIn.signatureProblems).toEqual([]);
    expect(standIn.lastSend()).toMatchObject({
      PhoneNumbers: PHONE,
      SignName: '洞察门户',
      TemplateCode: 'SMS_154950909',
      TemplateParam: JSON.stringify({ code: CODE }),
    });
    expect(lines).toEqual([]);
  });

  it('a wrong secret fails the signature check: an error logged without the code', async () => {
    const { log, lines, text } = captureLog();
    const error = await failureOf(new AliyunSmsSender({ ...config, accessKeySecret: 'not-the-secret' }, log));
    expect(standIn.signatureProblems.at(-1)).toBe('signature does not match');
    expect(error).toMatchObject({
      provider: 'aliyun',
      providerCode: 'SignatureDoesNotMatch',
      limited: false,
    });
    expect(lines).toEqual([
      {
        level: 'warn',
        msg: 'sms send failed',
        fields: {
          provider: 'aliyun',
          phone: '138****0001',
          providerCode: 'SignatureDoesNotMatch',
          limited: false,
        },
      },
    ]);
    expect(text()).not.toContain(CODE);
    expect(text()).not.toContain(PHONE);
  });

  it('flow-control refusals are marked limited; other business errors are not', async () => {
    const { log, text } = captureLog();
    const sender = new AliyunSmsSender(config, log);
    for (const code of ['isv.BUSINESS_LIMIT_CONTROL', 'isv.DAY_LIMIT_CONTROL', 'isv.MINUTE_LIMIT_CONTROL']) {
      standIn.answerWith({ code, message: '触发分钟级流控Permits:1' });
      expect(await failureOf(sender), code).toMatchObject({ providerCode: code, limited: true });
    }
    for (const code of ['isv.AMOUNT_NOT_ENOUGH', 'isv.SMS_TEMPLATE_ILLEGAL', 'isv.MOBILE_NUMBER_ILLEGAL']) {
      standIn.answerWith({ code, message: '业务错误' });
      expect(await failureOf(sender), code).toMatchObject({ providerCode: code, limited: false });
    }
    expect(standIn.signatureProblems).toEqual(['signature does not match']);
    expect(text()).not.toContain(CODE);
  });

  it('an unreachable endpoint is a failure, not a hang or a crash', async () => {
    const closed = await startAliyunStandIn({});
    await closed.close();
    const { log } = captureLog();
    const error = await failureOf(new AliyunSmsSender({ ...config, endpoint: closed.endpoint }, log));
    expect(error).toMatchObject({ providerCode: 'NetworkError', limited: false });
  });
});
