import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { buildApp } from '../../app.ts';
import { loadConfig } from '../../config.ts';
import { migrateToLatest } from '../../db/migrate.ts';
import { openTestDatabase } from '../../test/testApp.ts';

describe('LogSmsSender (the default adapter)', () => {
  it('writes one JSON log line with the phone and code, and keeps the code out of request logs', async () => {
    const { db, drop } = await openTestDatabase('sqlite');
    await migrateToLatest(db);
    const lines: string[] = [];
    const config = loadConfig({ WEB_DIST: join(tmpdir(), 'portal-missing-dist') });
    const app = await buildApp({
      config,
      db,
      logger: { level: 'info', stream: { write: (line: string) => void lines.push(line) } },
    });
    try {
      expect((await app.inject({ url: '/api/sendCode?phone=13800000001' })).statusCode).toBe(200);
      const entries = lines.map((l) => JSON.parse(l) as Record<string, unknown>);
      const sms = entries.filter((e) => e.msg === 'sms code');
      expect(sms).toHaveLength(1);
      expect(sms[0]).toMatchObject({
        level: 30,
        phone: '13800000001',
        code: expect.stringMatching(/^\d{6}$/),
      });

      const code = String(sms[0]?.code);
      lines.length = 0;
      await app.inject({ url: `/api/login?phone=13800000001&code=${code}` });
      expect(lines.join('')).not.toContain(code);
    } finally {
      await app.close();
      await drop();
    }
  });
});
