import { createRequire } from 'node:module';
import type * as DysmsApi from '@alicloud/dysmsapi20170525';
import type * as OpenApiCore from '@alicloud/openapi-core';
import { NETWORK_FAILURE, sendFailure, type SmsLog, type SmsSender } from './sms-sender.ts';

// The SDKs are CommonJS with `exports.default = Client`; an ESM default import would give the
// module object, so they are loaded through require, typed from their declarations. Loaded when
// an Aliyun sender is made, not at every process start (~0.6 s of a loaded start's profile).
const require = createRequire(import.meta.url);
let sdks: { dysms: typeof DysmsApi; openApi: typeof OpenApiCore } | undefined;
function aliyunSdks(): { dysms: typeof DysmsApi; openApi: typeof OpenApiCore } {
  sdks ??= {
    dysms: require('@alicloud/dysmsapi20170525') as typeof DysmsApi,
    openApi: require('@alicloud/openapi-core') as typeof OpenApiCore,
  };
  return sdks;
}

export type AliyunSmsConfig = {
  accessKeyId: string;
  accessKeySecret: string;
  signName: string;
  templateCode: string;
  /** `https://dysmsapi.aliyuncs.com` by default; tests point it at a local `http://` stand-in. */
  endpoint: string;
};

/** The provider's per-phone and per-account flow control (错误码 isv.*_LIMIT_CONTROL, Throttling.*). */
function isFlowControl(code: string): boolean {
  return /^isv\.[A-Z_]*LIMIT_CONTROL$/.test(code) || code.startsWith('Throttling');
}

const TIMEOUT_MS = 10_000;

/**
 * Aliyun SMS (dysmsapi 2017-05-25 SendSms) through the official SDK, which signs each call with
 * ACS3-HMAC-SHA256. The template must have one variable, `${code}`.
 */
export class AliyunSmsSender implements SmsSender {
  private readonly client: DysmsApi.default;
  private readonly sdks = aliyunSdks();

  constructor(
    private readonly config: AliyunSmsConfig,
    private readonly log: SmsLog,
  ) {
    const { dysms, openApi } = this.sdks;
    const url = new URL(config.endpoint);
    this.client = new dysms.default(
      new openApi.$OpenApiUtil.Config({
        accessKeyId: config.accessKeyId,
        accessKeySecret: config.accessKeySecret,
        endpoint: url.host,
        protocol: url.protocol.replace(':', ''),
        connectTimeout: TIMEOUT_MS,
        readTimeout: TIMEOUT_MS,
      }),
    );
  }

  async sendLoginCode(phone: string, code: string): Promise<void> {
    const { dysms, openApi } = this.sdks;
    let replyCode: string;
    try {
      const reply = await this.client.sendSms(
        new dysms.SendSmsRequest({
          phoneNumbers: phone,
          signName: this.config.signName,
          templateCode: this.config.templateCode,
          templateParam: JSON.stringify({ code }),
        }),
      );
      replyCode = reply.body?.code ?? 'NoCode';
    } catch (error) {
      // An HTTP error reply (bad signature, unknown key) carries the provider's code; a network
      // failure does not.
      replyCode = error instanceof openApi.AlibabaCloudError ? error.code : NETWORK_FAILURE;
    }
    if (replyCode !== 'OK') {
      throw sendFailure(this.log, 'aliyun', phone, replyCode, isFlowControl(replyCode));
    }
  }
}
