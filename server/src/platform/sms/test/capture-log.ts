import type { SmsLog } from '../sms-sender.ts';

/** A logger that keeps each line as the object and message pino would have written. */
export function captureLog() {
  const lines: { level: 'info' | 'warn'; fields: Record<string, unknown>; msg: string }[] = [];
  const record =
    (level: 'info' | 'warn') =>
    (fields: unknown, msg?: string): void => {
      lines.push({ level, fields: fields as Record<string, unknown>, msg: msg ?? '' });
    };
  const log = { info: record('info'), warn: record('warn') } as unknown as SmsLog;
  return { log, lines, text: () => JSON.stringify(lines) };
}
