import { fork } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import pg from 'pg';
import { createDatabase, type Db } from '../../server/src/db/database.ts';
import type { DigestGroup } from '../../server/src/modules/digest/planner.ts';
import { createDigestRepo, type HeadlineRow } from '../../server/src/modules/digest/digest.repo.ts';
import { createDigestService } from '../../server/src/modules/digest/digest.service.ts';
import { groupsToRender } from '../../server/src/modules/digest/groups.ts';
import { DigestRenderer } from '../../server/src/modules/digest/render.ts';
import { unsubscribeToken } from '../../server/src/modules/unsubscribe/unsubscribe-token.ts';
import { systemClock } from '../../server/src/platform/clock.ts';
import { SmtpMailer } from '../../server/src/platform/mail/smtp-mailer.ts';
import type { Generated } from './generate.ts';

/**
 * npm run bench:digest [-- --subscribers 100000] [--headlines 3000] [--send 10000]
 *   [--connections 5] [--pg [--pg-url postgres://…]]
 *
 * Generates subscribers (1–5 keywords each) and a day of headlines in a fresh database
 * (SQLite in a temp folder; --pg: a fresh schema in BENCH_DATABASE_URL / TEST_DATABASE_URL),
 * then measures the real digest code: planning (load, segment, match, record), rendering
 * every planned digest, and sending `--send` of them through the pooled SMTP transport to a
 * local smtp-server sink running in a child process. Prints times, rates and peak RSS.
 */
const { values } = parseArgs({
  options: {
    subscribers: { type: 'string', default: '100000' },
    headlines: { type: 'string', default: '3000' },
    send: { type: 'string', default: '10000' },
    connections: { type: 'string', default: '5' },
    pg: { type: 'boolean', default: false },
    'pg-url': { type: 'string' },
  },
});
const SUBSCRIBERS = Number(values.subscribers);
const HEADLINES = Number(values.headlines);
const SEND = Number(values.send);
const SECRET = 'bench-secret-bench-secret';
const PUBLIC_URL = 'https://portal.bench';

const mb = (bytes: number) => `${(bytes / 1024 / 1024).toFixed(0)} MB`;
const s = (ms: number) => `${(ms / 1000).toFixed(2)} s`;
const peakRss = () => process.resourceUsage().maxRSS * 1024;

type BenchDb = { db: Db; label: string; target: string; env: Record<string, string>; drop(): Promise<void> };

async function openDb(): Promise<BenchDb> {
  if (!values.pg) {
    const dir = mkdtempSync(join(tmpdir(), 'bench-digest-'));
    const file = join(dir, 'portal.db');
    const db = createDatabase({ kind: 'sqlite', file });
    return {
      db,
      label: 'SQLite',
      target: file,
      env: {},
      drop: async () => rmSync(dir, { recursive: true, force: true }),
    };
  }
  const url = values['pg-url'] ?? process.env.BENCH_DATABASE_URL ?? process.env.TEST_DATABASE_URL;
  if (!url) {
    throw new Error('--pg needs --pg-url, BENCH_DATABASE_URL or TEST_DATABASE_URL');
  }
  const schema = `bench_${randomBytes(4).toString('hex')}`;
  const admin = new pg.Client({ connectionString: url });
  await admin.connect();
  await admin.query(`CREATE SCHEMA ${schema}`);
  await admin.end();
  const db = createDatabase({ kind: 'postgres', url }, { schema, maxConnections: 10 });
  return {
    db,
    label: 'PostgreSQL',
    target: 'pg',
    env: { BENCH_PG_URL: url, BENCH_PG_SCHEMA: schema },
    async drop() {
      const c = new pg.Client({ connectionString: url });
      await c.connect();
      await c.query(`DROP SCHEMA ${schema} CASCADE`);
      await c.end();
    },
  };
}

/** Fills the database in a child process (migrations included), so its memory is not counted here. */
function generateInChild(target: string, env: Record<string, string>, now: number): Promise<Generated> {
  const child = fork(
    new URL('./generate-main.ts', import.meta.url).pathname,
    [target, String(SUBSCRIBERS), String(HEADLINES), String(now)],
    { execArgv: ['--import', 'tsx'], stdio: 'inherit', env: { ...process.env, ...env } },
  );
  return new Promise((resolve, reject) => {
    child.once('error', reject);
    child.once('message', (m: Generated) => resolve(m));
    child.once('exit', (code) => {
      if (code !== 0) {
        reject(new Error(`generator exited with ${code}`));
      }
    });
  });
}

type SinkChild = { port: number; stats(): Promise<{ count: number; bytes: number }>; stop(): void };

function startSinkProcess(): Promise<SinkChild> {
  const child = fork(new URL('./sink.ts', import.meta.url).pathname, [], {
    execArgv: ['--import', 'tsx'],
    stdio: 'inherit',
  });
  return new Promise((resolve, reject) => {
    child.once('error', reject);
    child.once('message', (msg: { port: number }) =>
      resolve({
        port: msg.port,
        stats: () =>
          new Promise((res) => {
            child.once('message', (m: { count: number; bytes: number }) => res(m));
            child.send({ count: true });
          }),
        stop: () => child.disconnect(),
      }),
    );
  });
}

async function main(): Promise<void> {
  const { db, label, target, env, drop } = await openDb();
  let sink: SinkChild | undefined;
  try {
    const now = Date.now();
    let t = performance.now();
    const gen = await generateInChild(target, env, now);
    console.log(
      `digest bench on ${label}: ${gen.subscribers.toLocaleString('en')} subscribers, ${gen.keywordRows.toLocaleString('en')} keyword rows, ` +
        `${gen.headlines.toLocaleString('en')} headlines (generated in ${s(performance.now() - t)}, not measured)`,
    );

    const mem = () => {
      const m = process.memoryUsage();
      return `rss ${mb(m.rss)} (heap ${mb(m.heapUsed)}, external ${mb(m.external + m.arrayBuffers)})`;
    };
    if (process.env.BENCH_MEMORY) {
      console.log(`memory after generating: ${mem()}`);
    }
    // 1. Plan: the real service, as the 08:00 run does it.
    const planner = createDigestService({
      db,
      mailer: { send: () => Promise.reject(new Error('not sending here')), close: async () => {} },
      clock: systemClock,
      publicUrl: PUBLIC_URL,
      timeZone: 'Asia/Shanghai',
      secret: SECRET,
    });
    t = performance.now();
    const plan = await planner.plan({ trigger: 'bench' });
    const planMs = performance.now() - t;
    if (process.env.BENCH_MEMORY) {
      console.log(`memory after planning: ${mem()}`);
    }
    const tm = plan.timings;
    console.log(
      `plan:   ${plan.planned.toLocaleString('en')} digests planned and recorded in ${s(planMs)} ` +
        `(load ${s(tm.load)}, segment ${s(tm.segment)}, match ${s(tm.match)}, record ${s(tm.record)}); ` +
        `${(plan.subscribers - plan.planned).toLocaleString('en')} subscribers had no match`,
    );

    // 2. Render every planned digest (text + HTML), as workers do before sending, page by page.
    const rssAfterPlan = process.memoryUsage().rss;
    const repo = createDigestRepo(db);
    const renderer = new DigestRenderer(PUBLIC_URL, 'Asia/Shanghai');
    const byId = new Map<number, HeadlineRow>();
    let readMs = 0;
    let renderMs = 0;
    let rendered = 0;
    let bytes = 0;
    for (let after = 0; ;) {
      t = performance.now();
      const rows = await db.kysely
        .selectFrom('digests')
        .select(['id', 'user_id', 'day', 'items'])
        .where('run_id', '=', plan.runId)
        .where('id', '>', after)
        .orderBy('id')
        .limit(1000)
        .execute();
      if (rows.length === 0) {
        break;
      }
      after = rows[rows.length - 1]?.id ?? after;
      const page = rows.map((r) => ({ ...r, groups: JSON.parse(r.items) as DigestGroup[] }));
      const missing = [...new Set(page.flatMap((d) => d.groups.flatMap((g) => g.ids)))].filter(
        (id) => !byId.has(id),
      );
      for (const h of await repo.headlinesByIds(missing)) {
        byId.set(h.id, h);
      }
      readMs += performance.now() - t;
      t = performance.now();
      for (const d of page) {
        const message = renderer.render({
          digestId: d.id,
          day: d.day,
          to: `u${d.user_id}@bench.test`,
          unsubscribeToken: unsubscribeToken(SECRET, d.user_id),
          // The product's own step from a planned digest to its sections (signed mute links).
          groups: groupsToRender(d.groups, d.user_id, { headlines: byId, reports: new Map() }, SECRET),
        });
        bytes += message.text.length + (message.html?.length ?? 0);
        rendered++;
      }
      renderMs += performance.now() - t;
    }
    console.log(
      `render: ${rendered.toLocaleString('en')} digests in ${s(renderMs)} = ${Math.round(rendered / (renderMs / 1000)).toLocaleString('en')}/s ` +
        `(avg ${Math.round(bytes / Math.max(1, rendered)).toLocaleString('en')} chars text+HTML; read back ${s(readMs)})`,
    );
    console.log(
      `        matched + recorded + rendered: ${s(planMs + readMs + renderMs)} (aim ≤ 10 s for 100,000)`,
    );
    console.log(
      `memory: RSS after planning ${mb(rssAfterPlan)}, after rendering ${mb(process.memoryUsage().rss)}, peak so far ${mb(peakRss())}`,
    );

    // 3. Send a sample through the pooled SMTP transport to a local sink (another process).
    sink = await startSinkProcess();
    const mailer = new SmtpMailer(`smtp://127.0.0.1:${sink.port}`, '洞察门户 <no-reply@portal.bench>', {
      maxConnections: Number(values.connections),
    });
    const sender = createDigestService({
      db,
      mailer,
      clock: systemClock,
      publicUrl: PUBLIC_URL,
      timeZone: 'Asia/Shanghai',
      secret: SECRET,
    });
    t = performance.now();
    const sent = await sender.sendDue({
      max: SEND,
      batchSize: 200,
      concurrency: Number(values.connections) * 4,
    });
    const sendMs = performance.now() - t;
    await mailer.close();
    const received = await sink.stats();
    console.log(
      `send:   ${sent.sent.toLocaleString('en')} sent (claimed, rendered, SMTP, marked sent) in ${s(sendMs)} = ` +
        `${Math.round(sent.sent / (sendMs / 1000)).toLocaleString('en')} msg/s over ${values.connections} pooled connections (aim ≥ 300); ` +
        `sink received ${received.count.toLocaleString('en')} (${mb(received.bytes)}); failed ${sent.failed}, retrying ${sent.retrying}`,
    );
    console.log(`memory: peak RSS ${mb(peakRss())} (aim ≤ 300 MB)`);
  } finally {
    sink?.stop();
    await db.close();
    await drop();
  }
}

main().catch((err: unknown) => {
  console.error(err);
  process.exit(1);
});
