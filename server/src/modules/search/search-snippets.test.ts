import { readFileSync } from 'node:fs';
import { ZSearchReply } from '@portal/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { login } from '../../test/login.ts';
import { buildTestApp, testDatabases, type TestApp } from '../../test/testApp.ts';

/**
 * Issue 19: a report card's snippet comes from the page that best holds the words, never the
 * cover or the contents page when the body matches. The fixture names 技术路线 on its contents
 * page (2) and its chapter page (5); 钠离子电池 only on page 5.
 */
const OUTLINE_PDF = new Uint8Array(
  readFileSync(new URL('../../ingest/fixtures/outline-report.pdf', import.meta.url)),
);

describe.each(testDatabases())('report snippets on %s', (kind) => {
  let t: TestApp;
  let token: string;
  let id: number;
  beforeAll(async () => {
    t = await buildTestApp(kind);
    token = (await login(t, '13800000001')).token;
    id = await t.content.importReportPdf(OUTLINE_PDF, {
      title: '储能产业年度观察',
      publishedAt: new Date('2026-01-02T00:00:00Z'),
      keywords: ['储能'],
    });
  }, 90_000);
  afterAll(() => t.close());

  const snippetOf = async (keyword: string, tn: string) => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/search',
      headers: { token },
      payload: { keyword, tn },
    });
    const hit = ZSearchReply.parse(res.json<{ data: unknown }>().data).data.find((h) => h._id === String(id));
    return hit?._source.highlight?.content ?? '';
  };

  it('cuts the card snippet from the chapter page, not the contents page', async () => {
    for (const tn of ['report', 'all']) {
      const snippet = await snippetOf('技术路线', tn);
      expect(snippet).toContain('<em>技术路线</em>');
      expect(snippet).not.toContain('目录');
      expect(snippet).not.toContain('第一章');
    }
  });

  it('cuts it around a word the body holds only deep inside', async () => {
    const snippet = await snippetOf('钠离子电池', 'report');
    expect(snippet).toContain('<em>钠离子电池</em>');
    expect(snippet).toContain('低温性能');
  });
});
