import type { SmsSender } from '../platform/sms.ts';

/** An SMS adapter that keeps what it sent, so tests can read the code a phone received. */
export class MemorySmsSender implements SmsSender {
  readonly sent: { phone: string; code: string }[] = [];

  sendLoginCode(phone: string, code: string): Promise<void> {
    this.sent.push({ phone, code });
    return Promise.resolve();
  }

  /** The newest code sent to `phone`; throws if none was sent. */
  lastCode(phone: string): string {
    const hit = this.sent.findLast((s) => s.phone === phone);
    if (!hit) {
      throw new Error(`no SMS sent to ${phone}`);
    }
    return hit.code;
  }

  countFor(phone: string): number {
    return this.sent.filter((s) => s.phone === phone).length;
  }
}
