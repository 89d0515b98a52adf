import { createTransport } from 'nodemailer';
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
  private readonly transport;

  constructor(
    url: string,
    private readonly from: string,
    options: SmtpMailerOptions = {},
  ) {
    const timeout = options.timeoutMs ?? 30_000;
    this.transport = createTransport({
      pool: true,
      url,
      maxConnections: options.maxConnections ?? 5,
      maxMessages: 1000,
      connectionTimeout: timeout,
      greetingTimeout: timeout,
      socketTimeout: timeout,
    });
  }

  async send(message: MailMessage): Promise<SentMail> {
    const info = await this.transport.sendMail(nodemailerMessage(this.from, message));
    return { messageId: info.messageId };
  }

  async close(): Promise<void> {
    this.transport.close();
  }
}
