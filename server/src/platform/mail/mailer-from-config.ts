import type { Config } from '../../config.ts';
import type { Mailer } from './mailer.ts';
import { OutboxMailer, outboxDir } from './outbox-mailer.ts';
import { SmtpMailer } from './smtp-mailer.ts';

/** SMTP when SMTP_URL is set, otherwise the file outbox under DATA_DIR. */
export function mailerFromConfig(config: Pick<Config, 'dataDir' | 'mail'>): Mailer {
  return config.mail.smtpUrl
    ? new SmtpMailer(config.mail.smtpUrl, config.mail.from)
    : new OutboxMailer(outboxDir(config.dataDir), config.mail.from);
}
