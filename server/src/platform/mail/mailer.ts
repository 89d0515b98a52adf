/**
 * Outgoing e-mail. Digests, e-mail change codes and enquiry notifications all go through one
 * Mailer: SMTP when SMTP_URL is set, otherwise a file outbox under DATA_DIR that a person can open.
 */
export type MailMessage = {
  to: string;
  subject: string;
  /** Plain-text body; always sent, so every client can read the mail. */
  text: string;
  html?: string;
  /** Extra headers such as List-Unsubscribe. */
  headers?: Record<string, string>;
  /**
   * A fixed Message-ID (`<…@…>`) for a message that may be retried, so a resend after a crash
   * carries the same id and receiving systems can drop the duplicate. Generated when absent.
   */
  messageId?: string;
};

export type SentMail = { messageId: string };

export interface Mailer {
  /** Resolves once the transport accepted the message; rejects on failure so callers can retry. */
  send(message: MailMessage): Promise<SentMail>;
  close(): Promise<void>;
}
