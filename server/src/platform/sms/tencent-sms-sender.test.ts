import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SmsSendError } from './sms-sender.ts';
import { TencentSmsSender, type TencentSmsConfig } from './tencent-sms-sender.ts';
import { captureLog } from './test/capture-log.ts';
import { startTencentStandIn } from './test/tencent-stand-in.ts';

const SECRET_ID = 'AKIDtestSecretId';
const SECRET_KEY = 'test-secret-key-7b2e';
const PHONE = '13800000001';
const CODE = '483920';

describe('Tencent Cloud SMS adapter against a signature-checking stand-in', () => {
  let standIn: Awaited<ReturnType<typeof startTencentStandIn>>;
  let config: TencentSmsConfig;
  beforeAll(async () => {
    standIn = await startTencentStandIn({ [SECRET_ID]: SECRET_KEY });
    config = {
      secretId: SECRET_ID,
      secretKey: SECRET_KEY,
      sdkAppId: '1400006666',
      signName: '洞察门户',
      templateId: '449739',
      region: 'ap-guangzhou',
      endpoint: standIn.endpoint,
    };
  });
  afterAll(() => standIn.close());

  const failureOf = async (sender: TencentSmsSender) => {
    const error = await sender.sendLoginCode(PHONE, CODE).then(
      () => null,
      (e: unknown) => e,
    );
    expect(error).toBeInstanceOf(SmsSendError);
    return error as SmsSendError;
  };

  it('sends SendSms with app id, sign name, template and code, signed so the check passes', async () => {
    standIn.answerWith({ code: 'Ok' });
    const { log, lines } = captureLog();
    await new TencentSmsSender(config, log).sendLoginCode(PHONE, CODE);
    expect(standIn.signatureProblems).toEqual([]);
    expect(standIn.lastSend()).toEqual({
      PhoneNumberSet: [`+86${PHONE}`],
      SmsSdkAppId: '1400006666',
      SignName: '洞察门户',
      TemplateId: '449739',
      TemplateParamSet: [CODE],
    });
    const request = standIn.requests.at(-1);
    expect(request?.headers['x-tc-action']).toBe('SendSms');
    expect(request?.headers['x-tc-region']).toBe('ap-guangzhou');
    expect(lines).toEqual([]);
  });

  it('a wrong secret fails the signature check: an error logged without the code', async () => {
    const { log, lines, text } = captureLog();
    const error = await failureOf(new TencentSmsSender({ ...config, secretKey: 'not-the-key' }, log));
    expect(standIn.signatureProblems.at(-1)).toBe('signature does not match');
    expect(error).toMatchObject({
      provider: 'tencent',
      providerCode: 'AuthFailure.SignatureFailure',
      limited: false,
    });
    expect(lines).toEqual([
      {
        level: 'warn',
        msg: 'sms send failed',
        fields: {
          provider: 'tencent',
          phone: '138****0001',
          providerCode: 'AuthFailure.SignatureFailure',
          limited: false,
        },
      },
    ]);
    expect(text()).not.toContain(CODE);
    expect(text()).not.toContain(PHONE);
  });

  it('per-phone flow control in SendStatusSet is marked limited; other refusals are not', async () => {
    const { log, text } = captureLog();
    const sender = new TencentSmsSender(config, log);
    for (const phoneCode of [
      'LimitExceeded.PhoneNumberDailyLimit',
      'LimitExceeded.PhoneNumberThirtySecondLimit',
      'LimitExceeded.PhoneNumberOneHourLimit',
    ]) {
      standIn.answerWith({ phoneCode, message: 'exceeds the upper limit' });
      expect(await failureOf(sender), phoneCode).toMatchObject({ providerCode: phoneCode, limited: true });
    }
    standIn.answerWith({ phoneCode: 'InvalidParameterValue.IncorrectPhoneNumber', message: 'bad number' });
    expect(await failureOf(sender)).toMatchObject({
      providerCode: 'InvalidParameterValue.IncorrectPhoneNumber',
      limited: false,
    });
    standIn.answerWith({
      errorCode: 'FailedOperation.InsufficientBalanceInSmsPackage',
      message: '套餐包余量不足',
    });
    expect(await failureOf(sender)).toMatchObject({
      providerCode: 'FailedOperation.InsufficientBalanceInSmsPackage',
      limited: false,
    });
    expect(standIn.signatureProblems).toEqual(['signature does not match']);
    expect(text()).not.toContain(CODE);
  });

  it('an unreachable endpoint is a failure, not a hang or a crash', async () => {
    const closed = await startTencentStandIn({});
    await closed.close();
    const { log } = captureLog();
    const error = await failureOf(new TencentSmsSender({ ...config, endpoint: closed.endpoint }, log));
    expect(error).toMatchObject({ providerCode: 'NetworkError', limited: false });
  });
});
