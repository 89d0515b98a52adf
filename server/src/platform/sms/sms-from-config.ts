import { AliyunSmsSender } from './aliyun-sms-sender.ts';
import { LogSmsSender } from './log-sms-sender.ts';
import type { SmsConfig } from './sms-config.ts';
import type { SmsLog, SmsSender } from './sms-sender.ts';
import { TencentSmsSender } from './tencent-sms-sender.ts';

/** The adapter SMS_ADAPTER names, writing its failures (and the log adapter its codes) to `log`. */
export function smsFromConfig(config: SmsConfig, log: SmsLog): SmsSender {
  switch (config.adapter) {
    case 'aliyun':
      return new AliyunSmsSender(config.aliyun, log);
    case 'tencent':
      return new TencentSmsSender(config.tencent, log);
    case 'log':
      return new LogSmsSender(log);
  }
}
