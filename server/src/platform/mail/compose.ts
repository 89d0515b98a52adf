import type { SendMailOptions } from 'nodemailer';
import type { MailMessage } from './mailer.ts';

/** The nodemailer message for one MailMessage: both transports build real RFC 5322 messages from it. */
export function nodemailerMessage(from: string, message: MailMessage): SendMailOptions {
  return {
    from,
    to: message.to,
    subject: message.subject,
    // Chinese text: base64 is 4 bytes per 3, quoted-printable 9 bytes per character.
    textEncoding: 'base64',
    text: message.text,
    ...(message.html === undefined ? {} : { html: message.html }),
    ...(message.headers === undefined ? {} : { headers: message.headers }),
    ...(message.messageId === undefined ? {} : { messageId: message.messageId }),
  };
}
