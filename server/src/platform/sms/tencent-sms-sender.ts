import { createRequire } from 'node:module';
import type { sms as TencentSms } from 'tencentcloud-sdk-nodejs-sms';
import { NETWORK_FAILURE, sendFailure, type SmsLog, type SmsSender } from './sms-sender.ts';

export type TencentSmsConfig = {
  secretId: string;
  secretKey: string;
  sdkAppId: string;
  signName: string;
  templateId: string;
  region: string;
  /** `https://sms.tencentcloudapi.com` by default; tests point it at a local `http://` stand-in. */
  endpoint: string;
};

/**
 * The provider's flow control: per phone (LimitExceeded.PhoneNumberDailyLimit,
 * …ThirtySecondLimit, …OneHourLimit, …SameContentDailyLimit), per app (LimitExceeded.AppDailyLimit…)
 * and the API's own request rate (RequestLimitExceeded).
 */
function isFlowControl(code: string): boolean {
  return code.startsWith('LimitExceeded.') || code.startsWith('RequestLimitExceeded');
}

const TIMEOUT_SECONDS = 10;

// Loaded when a Tencent sender is made, not at every process start (~70 ms), as the Aliyun SDK is.
const require = createRequire(import.meta.url);
let sdk: typeof TencentSms | undefined;
function tencentSms(): typeof TencentSms {
  sdk ??= (require('tencentcloud-sdk-nodejs-sms') as { sms: typeof TencentSms }).sms;
  return sdk;
}

/**
 * Tencent Cloud SMS (2021-01-11 SendSms) through the official SDK, which signs each call with
 * TC3-HMAC-SHA256. The template must have one variable, the code. A call-level refusal
 * (keys, signature) comes back as `Response.Error`; a refusal for the phone (its flow control,
 * an invalid number) as that phone's `SendStatusSet[].Code` in an otherwise successful reply.
 */
export class TencentSmsSender implements SmsSender {
  private readonly client: InstanceType<typeof TencentSms.v20210111.Client>;

  constructor(
    private readonly config: TencentSmsConfig,
    private readonly log: SmsLog,
  ) {
    const url = new URL(config.endpoint);
    this.client = new (tencentSms().v20210111.Client)({
      credential: { secretId: config.secretId, secretKey: config.secretKey },
      region: config.region,
      profile: {
        httpProfile: { endpoint: url.host, protocol: `${url.protocol}//`, reqTimeout: TIMEOUT_SECONDS },
      },
    });
  }

  async sendLoginCode(phone: string, code: string): Promise<void> {
    let replyCode: string;
    try {
      const reply = await this.client.SendSms({
        PhoneNumberSet: [`+86${phone}`],
        SmsSdkAppId: this.config.sdkAppId,
        SignName: this.config.signName,
        TemplateId: this.config.templateId,
        TemplateParamSet: [code],
      });
      replyCode = reply.SendStatusSet?.[0]?.Code ?? 'NoSendStatus';
    } catch (error) {
      // Response.Error carries a code; a network failure or an HTTP error status does not.
      const e = error as { code?: unknown; httpCode?: unknown };
      replyCode =
        typeof e.code === 'string' && e.code !== ''
          ? e.code
          : typeof e.httpCode === 'number'
            ? `HTTP ${e.httpCode}`
            : NETWORK_FAILURE;
    }
    if (replyCode !== 'Ok') {
      throw sendFailure(this.log, 'tencent', phone, replyCode, isFlowControl(replyCode));
    }
  }
}
