import type { Transporter } from 'nodemailer';
import { nodemailerMessage } from './compose.ts';
import type { Mailer, MailMessage, SentMail } from './mailer.ts';

export type SmtpMailerOptions = {
  /** Connections kept open to the relay (nodemailer's default is 5). */
  maxConnections?: number;
  /** Socket timeouts; a digest claim's lease must outlast one send, so these stay well under it. */
  timeoutMs?: number;
};

/** True for a 5xx SMTP reply (mailbox unknown, message refused): retrying cannot help. */
export function isPermanentSmtpError(err: unknown): boolean {
  const code = (err as { responseCode?: unknown } | null)?.responseCode;
  return typeof code === 'number' && code >= 500 && code < 600;
}

/**
 * Sends through an SMTP relay named by a URL (`smtp://user:pass@host:587`, `smtps://…:465`)
 * over a pool of reused connections, so a digest run does not pay a TCP + TLS + AUTH
 * handshake per message.
 */
export class SmtpMailer implements Mailer {
  /** Made at the first send: most processes never send mail, and nodemailer costs a start ~40 ms. */
  private transport: Promise<Transporter> | undefined;

  constructor(
    private readonly url: string,
    private readonly from: string,
    private readonly options: SmtpMailerOptions = {},
  ) {}

  private async pool(): Promise<Transporter> {
    const timeout = this.options.timeoutMs ?? 30_000;
    return (await import('nodemailer')).createTransport({
      pool: true,
      url: this.url,
      maxConnections: this.options.maxConnections ?? 5,
      maxMessages: 1000,
      connectionTimeout: timeout,
      greetingTimeout: timeout,
      socketTimeout: timeout,
    });
  }

  async send(message: MailMessage): Promise<SentMail> {
    this.transport ??= this.pool();
    const info = await (await this.transport).sendMail(nodemailerMessage(this.from, message));
    return { messageId: info.messageId };
  }

  async close(): Promise<void> {
    (await this.transport)?.close();
  }
}
