/**
 * A feeds runner in its own OS process, for feeds-two-processes.test.ts: opens the test's
 * database (SQLite file, or a PostgreSQL schema), says `ready` and waits for a line on stdin (the
 * test sends it to both at once), polls the due sources as the scheduler does and prints when
 * it began and what it polled, as JSON.
 *
 *   tsx poll-child.fixture.ts <sqlite-file | postgres-url> <schema | ->
 */
import { createDatabase } from '../../db/database.ts';
import { createContentIndexer } from '../admin-content/content-indexer.ts';
import { createAuditLog } from '../audit/audit.service.ts';
import { createContentService } from '../content/content.service.ts';
import { openSearchIndex } from '../search/open-search-index.ts';
import { systemClock } from '../../platform/clock.ts';
import { LocalStorage } from '../../platform/storage/local-storage.ts';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createFeedsRepo } from './feeds.repo.ts';
import { createFeedsService } from './feeds.service.ts';

const [target = '', schema = '-'] = process.argv.slice(2);
const db = target.startsWith('postgres')
  ? createDatabase({ kind: 'postgres', url: target }, schema === '-' ? {} : { schema, maxConnections: 4 })
  : createDatabase({ kind: 'sqlite', file: target });
const search = openSearchIndex(db, { readers: 0 });
const content = createContentService({
  db,
  storage: new LocalStorage(join(tmpdir(), `feeds-child-${process.pid}`)),
  search,
  clock: systemClock,
});
const feeds = createFeedsService({
  repo: createFeedsRepo(db),
  content,
  indexer: createContentIndexer({ db, search, clock: systemClock }),
  clock: systemClock,
  audit: createAuditLog(db, systemClock),
  allowHosts: ['127.0.0.1'],
  timeZone: 'Asia/Shanghai',
  owner: `child-${process.pid}`,
});
// Ready: wait for the test's go (a line on stdin), sent once both processes are ready.
console.log('ready');
await new Promise((resolve) => process.stdin.once('data', resolve));
process.stdin.pause();
const startedAt = Date.now();
const results = await feeds.pollDue(4, 100);
console.log(JSON.stringify({ startedAt, results: Object.fromEntries(results) }));
await search.close();
await db.close();
