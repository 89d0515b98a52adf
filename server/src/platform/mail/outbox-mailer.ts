import { randomBytes } from 'node:crypto';
import { mkdir, rename, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { Transporter } from 'nodemailer';
import { nodemailerMessage } from './compose.ts';
import type { Mailer, MailMessage, SentMail } from './mailer.ts';

/** The outbox folder under DATA_DIR. */
export function outboxDir(dataDir: string): string {
  return join(dataDir, 'outbox');
}

let sequence = 0;

/**
 * `20261122T080000123Z-000042-3f9a1c.eml`: UTC time to the millisecond, then a per-process
 * sequence, then random hex so two processes writing in the same millisecond never collide.
 * Names sort by time, so `ls` and read-outbox list messages oldest first.
 */
export function outboxFileName(at: Date): string {
  const stamp = at.toISOString().replace(/[-:]/g, '').replace('.', '');
  sequence = (sequence + 1) % 1_000_000;
  return `${stamp}-${String(sequence).padStart(6, '0')}-${randomBytes(3).toString('hex')}.eml`;
}

/**
 * The default Mailer: each message is built by nodemailer's stream transport (real headers,
 * MIME parts and encodings) and written as an RFC 5322 `.eml` file under DATA_DIR/outbox,
 * which any mail client opens. Nothing leaves the machine.
 */
export class OutboxMailer implements Mailer {
  /** Made at the first send, as SmtpMailer's pool is. */
  private transport: Promise<Transporter> | undefined;

  constructor(
    readonly dir: string,
    private readonly from: string,
  ) {}

  async send(message: MailMessage): Promise<SentMail> {
    this.transport ??= import('nodemailer').then((mailer) =>
      mailer.createTransport({ streamTransport: true, buffer: true, newline: 'windows' }),
    );
    const info = await (await this.transport).sendMail(nodemailerMessage(this.from, message));
    await mkdir(this.dir, { recursive: true });
    const file = join(this.dir, outboxFileName(new Date()));
    // Written under a temporary name first so a reader never sees half a message.
    const partial = `${file}.part`;
    await writeFile(partial, info.message as Buffer);
    await rename(partial, file);
    return { messageId: info.messageId };
  }

  async close(): Promise<void> {
    (await this.transport)?.close();
  }
}
