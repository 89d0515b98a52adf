import { readdir, readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { outboxDir } from './outbox-mailer.ts';
import { parseMail, type ParsedMail } from './parse-mail.ts';

/** One message of the file outbox, decoded. `file` is its name (names sort by time). */
export type OutboxMessage = ParsedMail & { file: string; path: string };

/** The outbox's `.eml` file names, oldest first; [] when nothing was sent yet. */
export async function listOutbox(dataDir: string): Promise<string[]> {
  try {
    const names = await readdir(outboxDir(dataDir));
    return names.filter((n) => n.endsWith('.eml')).sort();
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code === 'ENOENT') {
      return [];
    }
    throw err;
  }
}

export async function readOutboxMessage(dataDir: string, file: string): Promise<OutboxMessage> {
  const path = join(outboxDir(dataDir), file);
  return { ...parseMail(await readFile(path)), file, path };
}

/** Whether a To header names this address (case-insensitive, with or without a display name). */
export function addressedTo(to: string, address: string): boolean {
  const wanted = address.trim().toLowerCase();
  return to
    .split(',')
    .map((one) => (/<([^>]+)>/.exec(one)?.[1] ?? one).trim().toLowerCase())
    .includes(wanted);
}

/**
 * The newest outbox message to `address`, decoded (subject, text, html, headers); null when
 * there is none. `newerThan` (a file name from an earlier call) skips messages up to it.
 */
export async function newestMailTo(
  dataDir: string,
  address: string,
  newerThan?: string,
): Promise<OutboxMessage | null> {
  const files = await listOutbox(dataDir);
  for (let i = files.length - 1; i >= 0; i--) {
    const file = files[i] as string;
    if (newerThan !== undefined && file <= newerThan) {
      break;
    }
    const message = await readOutboxMessage(dataDir, file);
    if (addressedTo(message.to, address)) {
      return message;
    }
  }
  return null;
}

/** Polls for `newestMailTo` (mail is written asynchronously after a request); throws after `timeoutMs`. */
export async function waitForMailTo(
  dataDir: string,
  address: string,
  { newerThan, timeoutMs = 5000 }: { newerThan?: string; timeoutMs?: number } = {},
): Promise<OutboxMessage> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const found = await newestMailTo(dataDir, address, newerThan);
    if (found) {
      return found;
    }
    if (Date.now() > deadline) {
      throw new Error(`no mail to ${address} in ${outboxDir(dataDir)} within ${timeoutMs} ms`);
    }
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}
