import type { AliyunSmsConfig } from './aliyun-sms-sender.ts';
import type { TencentSmsConfig } from './tencent-sms-sender.ts';

/** SMS_ADAPTER and its provider's settings (config.ts validates the variables, this assembles them). */
export type SmsConfig =
  | { adapter: 'log' }
  | { adapter: 'aliyun'; aliyun: AliyunSmsConfig }
  | { adapter: 'tencent'; tencent: TencentSmsConfig };

export const ALIYUN_SMS_ENDPOINT = 'https://dysmsapi.aliyuncs.com';
export const TENCENT_SMS_ENDPOINT = 'https://sms.tencentcloudapi.com';
/** Tencent's SMS API answers in these two regions; Guangzhou is the one its documentation uses. */
export const TENCENT_SMS_REGION = 'ap-guangzhou';

const ALIYUN_REQUIRED = [
  'ALIYUN_SMS_ACCESS_KEY_ID',
  'ALIYUN_SMS_ACCESS_KEY_SECRET',
  'ALIYUN_SMS_SIGN_NAME',
  'ALIYUN_SMS_TEMPLATE_CODE',
] as const;
const TENCENT_REQUIRED = [
  'TENCENT_SMS_SECRET_ID',
  'TENCENT_SMS_SECRET_KEY',
  'TENCENT_SMS_SDK_APP_ID',
  'TENCENT_SMS_SIGN_NAME',
  'TENCENT_SMS_TEMPLATE_ID',
] as const;
type SmsVariable =
  | (typeof ALIYUN_REQUIRED)[number]
  | (typeof TENCENT_REQUIRED)[number]
  | 'ALIYUN_SMS_ENDPOINT'
  | 'TENCENT_SMS_REGION'
  | 'TENCENT_SMS_ENDPOINT';
type Env = { [K in SmsVariable]?: string | undefined } & {
  SMS_ADAPTER?: 'log' | 'aliyun' | 'tencent' | undefined;
};

/** The named values, or an error naming every one that is missing: a real adapter never starts half-configured. */
function required<K extends SmsVariable>(env: Env, adapter: string, names: readonly K[]): Record<K, string> {
  const missing = names.filter((n) => !env[n]);
  if (missing.length > 0) {
    throw new Error(`Invalid configuration:\n  SMS_ADAPTER=${adapter} needs ${missing.join(', ')}`);
  }
  return Object.fromEntries(names.map((n) => [n, env[n] ?? ''])) as Record<K, string>;
}

/** Builds the SMS settings from validated, trimmed variables (empty ones already unset). */
export function smsConfigFromEnv(env: Env): SmsConfig {
  switch (env.SMS_ADAPTER ?? 'log') {
    case 'aliyun': {
      const v = required(env, 'aliyun', ALIYUN_REQUIRED);
      return {
        adapter: 'aliyun',
        aliyun: {
          accessKeyId: v.ALIYUN_SMS_ACCESS_KEY_ID,
          accessKeySecret: v.ALIYUN_SMS_ACCESS_KEY_SECRET,
          signName: v.ALIYUN_SMS_SIGN_NAME,
          templateCode: v.ALIYUN_SMS_TEMPLATE_CODE,
          endpoint: env.ALIYUN_SMS_ENDPOINT ?? ALIYUN_SMS_ENDPOINT,
        },
      };
    }
    case 'tencent': {
      const v = required(env, 'tencent', TENCENT_REQUIRED);
      return {
        adapter: 'tencent',
        tencent: {
          secretId: v.TENCENT_SMS_SECRET_ID,
          secretKey: v.TENCENT_SMS_SECRET_KEY,
          sdkAppId: v.TENCENT_SMS_SDK_APP_ID,
          signName: v.TENCENT_SMS_SIGN_NAME,
          templateId: v.TENCENT_SMS_TEMPLATE_ID,
          region: env.TENCENT_SMS_REGION ?? TENCENT_SMS_REGION,
          endpoint: env.TENCENT_SMS_ENDPOINT ?? TENCENT_SMS_ENDPOINT,
        },
      };
    }
    default:
      return { adapter: 'log' };
  }
}
