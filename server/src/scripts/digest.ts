import { loadConfig } from '../config.ts';
import { createDatabase } from '../db/database.ts';
import { migrateToLatest } from '../db/migrate.ts';
import { createDigestService } from '../modules/digest/digest.service.ts';
import { resolveAppSecret } from '../platform/app-secret.ts';
import { systemClock } from '../platform/clock.ts';
import { mailerFromConfig } from '../platform/mail/mailer-from-config.ts';
import { outboxDir } from '../platform/mail/outbox-mailer.ts';

/**
 * `npm run digest`: plans today's digest now (today in DIGEST_TIMEZONE) and sends what is due,
 * against the same DATA_DIR / DATABASE_URL / SMTP_URL as the server. Idempotent: a second run
 * the same day sends nothing new; digests waiting for a retry are left to the server's poller
 * (or the next run). Exit code 1 when planning failed or a digest failed for good.
 */
async function main(): Promise<number> {
  const config = loadConfig(process.env);
  const db = createDatabase(config.database);
  const mailer = mailerFromConfig(config);
  try {
    await migrateToLatest(db);
    const digest = createDigestService({
      db,
      mailer,
      clock: systemClock,
      publicUrl: config.publicUrl,
      timeZone: config.digest.timeZone,
      secret: resolveAppSecret(config),
      // The summary lines below report what info lines would; warnings and errors are printed as they happen.
      log: (level, message, data) => {
        if (level !== 'info') {
          console.error(message, data ? JSON.stringify(data) : '');
        }
      },
    });
    const plan = await digest.plan({ trigger: 'manual' });
    console.log(
      `${plan.day}：${plan.subscribers} 位订阅者待处理，${plan.headlines} 条新头条，新计划 ${plan.planned} 封摘要（运行 #${plan.runId}）`,
    );
    const sent = await digest.sendDue();
    const where = config.mail.smtpUrl ? 'SMTP' : outboxDir(config.dataDir);
    console.log(
      `已发送 ${sent.sent} 封（${where}），待重试 ${sent.retrying}，失败 ${sent.failed}，跳过 ${sent.skipped}`,
    );
    return sent.failed > 0 ? 1 : 0;
  } finally {
    await mailer.close();
    await db.close();
  }
}

main().then(
  (code) => process.exit(code),
  (err: unknown) => {
    console.error(err);
    process.exit(1);
  },
);
