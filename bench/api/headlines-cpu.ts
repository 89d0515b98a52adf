/**
 * `npx tsx bench/api/headlines-cpu.ts`: CPU microseconds per POST /api/business/list (the
 * 商业头条 list: every keyword of the reader's merged, server/src/modules/subscriptions/
 * headline-list.ts) through the whole server in one process, on a test app (SQLite) with the
 * demo content and the demo reader's keywords. Each request follows a write to the search
 * index, as in production, where any write (a view's hot score, a polled headline) drops the
 * search readers' result caches: the figure is the list's own work, not a cache's.
 *   --rounds N    rounds of the variants; the first warms up and is not counted (default 6)
 */
import { parseArgs } from 'node:util';
import { HEADLINE_PAGE_SIZE } from '@portal/contract';
import { polyfilledBuiltins } from '../../server/src/ingest/pdfjs-polyfills.ts';
import { sharedPdfWorker } from '../../server/src/ingest/pdf-worker-runner.ts';
import { login } from '../../server/src/test/login.ts';
import { buildTestApp } from '../../server/src/test/testApp.ts';
import { median } from '../search/stats.ts';

const { values } = parseArgs({ options: { rounds: { type: 'string', default: '6' } } });

const t = await buildTestApp('sqlite', { demoReports: 60 });
if (polyfilledBuiltins().length > 0) {
  throw new Error('this thread runs pdf.js polyfills: the measure would not be the server’s');
}
try {
  const { token } = await login(t, '13800000001');
  const base = { tn: 'business', page: 1, page_size: HEADLINE_PAGE_SIZE, subscribe_keyword: [] as string[] };
  const variants: [string, object][] = [
    ['newest, page 1', { ...base, psort: 'new' }],
    ['newest, page 3', { ...base, psort: 'new', page: 3 }],
    ['最热, page 1', { ...base, psort: 'hot' }],
    ['narrowed to 宁德时代', { ...base, psort: 'new', keyword: '宁德时代' }],
  ];
  const cpu = () => {
    const u = process.cpuUsage();
    return u.user + u.system;
  };
  const anyDoc = (await t.search.search({ types: ['business'], sort: 'new', page: 1, pageSize: 1 })).hits[0]
    ?.id;
  const rows = variants.map(([name]) => ({ name, cpu: [] as number[], wall: [] as number[], total: '' }));
  for (let round = 0; round < Number(values.rounds); round++) {
    for (const [i, [, payload]] of variants.entries()) {
      if (anyDoc) {
        await t.search.setHot(anyDoc, round + i);
      }
      const c = cpu();
      const w = performance.now();
      const res = await t.app.inject({
        method: 'POST',
        url: '/api/business/list',
        headers: { token },
        payload,
      });
      const spentWall = performance.now() - w;
      const spentCpu = cpu() - c;
      const body = res.json() as { code: number; data: { total: { value: number; relation: string } } };
      if (res.statusCode !== 200 || body.code !== 0) {
        throw new Error(`list answered ${res.statusCode}: ${res.body.slice(0, 200)}`);
      }
      const row = rows[i];
      if (row && round > 0) {
        row.cpu.push(spentCpu);
        row.wall.push(spentWall);
        row.total = `${body.data.total.relation === 'gte' ? '≥' : ''}${body.data.total.value}`;
      }
    }
  }
  console.log('| request | listed | CPU µs (median) | wall ms (median) |\n| --- | ---: | ---: | ---: |');
  for (const row of rows) {
    console.log(
      `| ${row.name} | ${row.total} | ${median(row.cpu).toFixed(0)} | ${median(row.wall).toFixed(1)} |`,
    );
  }
} finally {
  await t.close();
  await sharedPdfWorker().close();
}
