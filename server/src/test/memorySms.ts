import { SmsSendError, type SmsSender } from '../platform/sms/sms-sender.ts';

/** An SMS adapter that keeps what it sent, so tests can read the code a phone received. */
export class MemorySmsSender implements SmsSender {
  readonly sent: { phone: string; code: string }[] = [];
  /** Every send is refused this way until `failWith(null)`, as a provider would refuse it. */
  private failure: SmsSendError | null = null;
  /** Sends refused so far (with the code they carried, which must never become usable). */
  readonly refused: { phone: string; code: string }[] = [];

  sendLoginCode(phone: string, code: string): Promise<void> {
    if (this.failure) {
      this.refused.push({ phone, code });
      return Promise.reject(this.failure);
    }
    this.sent.push({ phone, code });
    return Promise.resolve();
  }

  /** From now on refuse sends: `limited` for the provider's flow control, else another failure; null to deliver again. */
  failWith(failure: { providerCode: string; limited: boolean } | null): void {
    this.failure = failure ? new SmsSendError('memory', failure.providerCode, failure.limited) : null;
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
