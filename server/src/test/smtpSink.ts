import type { AddressInfo } from 'node:net';
import { SMTPServer } from 'smtp-server';
import { parseMail, type ParsedMail } from '../platform/mail/parse-mail.ts';

/** One message the sink accepted: the SMTP envelope, the raw bytes and the decoded message. */
export type SinkMessage = ParsedMail & { envelope: { from: string; to: string[] }; raw: Buffer };

export type SmtpSink = {
  /** `smtp://127.0.0.1:<port>`, for SMTP_URL or `new SmtpMailer(url, from)`. */
  url: string;
  port: number;
  /** Every accepted message, in arrival order. */
  messages: SinkMessage[];
  /** Accepted messages whose envelope recipient is `address`. */
  messagesTo(address: string): SinkMessage[];
  /** The next `count` messages are refused with this reply code (451: try again later; 550: refused). */
  failNext(count: number, code?: number): void;
  /** Messages refused so far by failNext. */
  refused: number;
  /** A slow mail server: each message is accepted this long after its data arrived (default 0). */
  acceptDelayMs: number;
  /** Resolves once `count` messages were accepted; rejects after `timeoutMs`. */
  waitFor(count: number, timeoutMs?: number): Promise<SinkMessage[]>;
  close(): Promise<void>;
};

/**
 * A real SMTP server (smtp-server) on a free local port that accepts every message without
 * authentication or TLS and keeps it in memory: the peer for mail tests and the bench.
 * `parse: false` keeps only raw bytes and envelope (the bench, where parsing would cost CPU).
 */
export async function startSmtpSink({ parse = true }: { parse?: boolean } = {}): Promise<SmtpSink> {
  let failing = 0;
  let failCode = 451;
  const messages: SinkMessage[] = [];
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS', 'AUTH'],
    logger: false,
    size: 20 * 1024 * 1024,
    maxClients: 100,
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (chunk: Buffer) => chunks.push(chunk));
      stream.on('end', () => {
        if (failing > 0) {
          failing--;
          sink.refused++;
          const err = Object.assign(new Error(failCode >= 500 ? 'Mailbox unavailable' : 'Try again later'), {
            responseCode: failCode,
          });
          callback(err);
          return;
        }
        const raw = Buffer.concat(chunks);
        if (sink.acceptDelayMs > 0) {
          setTimeout(() => accept(raw), sink.acceptDelayMs);
        } else {
          accept(raw);
        }
      });
      const accept = (raw: Buffer) => {
        const envelope = {
          from: session.envelope.mailFrom ? session.envelope.mailFrom.address : '',
          to: session.envelope.rcptTo.map((r) => r.address),
        };
        const parsed: ParsedMail = parse
          ? parseMail(raw)
          : { headers: new Map(), subject: '', from: '', to: '', messageId: '', text: '', html: '' };
        messages.push({ ...parsed, envelope, raw });
        callback();
      };
    },
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => resolve());
  });
  // A client that dies mid-session (a killed portal) resets its connection: not the sink's failure.
  server.on('error', () => {});
  const port = (server.server.address() as AddressInfo).port;
  const sink: SmtpSink = {
    url: `smtp://127.0.0.1:${port}`,
    port,
    messages,
    refused: 0,
    acceptDelayMs: 0,
    messagesTo: (address) =>
      messages.filter(
        (m) => m.envelope.to.includes(address.toLowerCase()) || m.envelope.to.includes(address),
      ),
    failNext(count, code = 451) {
      failing = count;
      failCode = code;
    },
    async waitFor(count, timeoutMs = 5000) {
      const deadline = Date.now() + timeoutMs;
      while (messages.length < count) {
        if (Date.now() > deadline) {
          throw new Error(`SMTP sink: ${messages.length} of ${count} messages after ${timeoutMs} ms`);
        }
        await new Promise((resolve) => setTimeout(resolve, 20));
      }
      return messages;
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
  return sink;
}
