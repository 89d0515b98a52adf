import type { SmsLog, SmsSender } from './sms-sender.ts';

/**
 * The default adapter: no SMS leaves the machine; the code is written as ONE structured log
 * line, `{"level":30,…,"msg":"sms code","phone":"13800000001","code":"123456"}`, so a person
 * running the portal locally can log in. Never use it where the log is visible to others.
 */
export class LogSmsSender implements SmsSender {
  constructor(private readonly log: Pick<SmsLog, 'info'>) {}

  sendLoginCode(phone: string, code: string): Promise<void> {
    this.log.info({ phone, code }, 'sms code');
    return Promise.resolve();
  }
}
