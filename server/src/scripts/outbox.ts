import { loadConfig } from '../config.ts';
import { outboxDir } from '../platform/mail/outbox-mailer.ts';
import { addressedTo, listOutbox, readOutboxMessage } from '../platform/mail/read-outbox.ts';
import { parseOutboxArgs } from './outbox-args.ts';

/**
 * `npm run outbox -- [address] [--count N]`: prints the newest messages of the file outbox
 * (DATA_DIR/outbox), decoded: file, date, to, subject and the text part. Each `.eml` file also
 * opens in any mail client.
 */
async function main(): Promise<number> {
  const { address, count } = parseOutboxArgs(process.argv.slice(2));
  const config = loadConfig(process.env);
  const files = await listOutbox(config.dataDir);
  let shown = 0;
  for (let i = files.length - 1; i >= 0 && shown < count; i--) {
    const message = await readOutboxMessage(config.dataDir, files[i] as string);
    if (address !== undefined && !addressedTo(message.to, address)) {
      continue;
    }
    shown++;
    console.log(`── ${message.path}`);
    console.log(`日期：${message.headers.get('date')?.[0] ?? ''}`);
    console.log(`收件人：${message.to}`);
    console.log(`主题：${message.subject}\n`);
    console.log(`${message.text}\n`);
  }
  if (shown === 0) {
    console.log(`${outboxDir(config.dataDir)} 中没有${address ? `发给 ${address} 的` : ''}邮件`);
  }
  return 0;
}

main().then(
  (code) => process.exit(code),
  (err: unknown) => {
    console.error(err);
    process.exit(1);
  },
);
