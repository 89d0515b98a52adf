import { loadConfig } from '../config.ts';
import { createDatabase } from '../db/database.ts';
import { migrateToLatest } from '../db/migrate.ts';
import { createContentIndexer } from '../modules/admin-content/content-indexer.ts';
import { createAuditLog } from '../modules/audit/audit.service.ts';
import { createContentService } from '../modules/content/content.service.ts';
import { createFeedsRepo } from '../modules/feeds/feeds.repo.ts';
import { createFeedsService } from '../modules/feeds/feeds.service.ts';
import { openSearchIndex } from '../modules/search/open-search-index.ts';
import { loadSearchDictionary } from '../modules/search/search-dictionary.ts';
import { systemClock } from '../platform/clock.ts';
import { storageInDataDir } from '../platform/storage/local-storage.ts';

/**
 * `npm run feeds -- --once`: polls every enabled feed source now, against the same DATA_DIR /
 * DATABASE_URL as the server, and prints what each added, updated and skipped. Each poll holds
 * the source's lease, so a source a running server is polling at that moment is left to it.
 * Exit code 1 when a source failed.
 */
async function main(): Promise<number> {
  if (!process.argv.includes('--once')) {
    console.error('用法：npm run feeds -- --once（立即抓取所有启用的资讯源）');
    return 2;
  }
  const config = loadConfig(process.env);
  const db = createDatabase(config.database);
  try {
    await migrateToLatest(db);
    const search = openSearchIndex(db, { readers: 0 });
    try {
      const content = createContentService({
        db,
        storage: storageInDataDir(config.dataDir),
        search,
        clock: systemClock,
      });
      // New headlines are tokenised with the catalogue's company and industry names, as at import.
      await loadSearchDictionary(content);
      const repo = createFeedsRepo(db);
      const feeds = createFeedsService({
        repo,
        content,
        indexer: createContentIndexer({ db, search, clock: systemClock }),
        clock: systemClock,
        audit: createAuditLog(db, systemClock),
        allowHosts: config.feeds.allowHosts,
        timeZone: config.digest.timeZone,
        onError: (err, sourceId) => console.error(`#${sourceId}`, err),
      });
      const results = await feeds.pollAllEnabled();
      let failed = 0;
      for (const [id, r] of results) {
        const name = (await repo.byId(id))?.name ?? `#${id}`;
        const line = `${name}（#${id}）：新增 ${r.added}，更新 ${r.updated}，跳过 ${r.skipped}`;
        if (r.error) {
          failed++;
          console.log(`${line}，失败：${r.error}`);
        } else {
          console.log(line);
        }
      }
      console.log(`共抓取 ${results.size} 个资讯源，失败 ${failed} 个`);
      await content.close();
      return failed > 0 ? 1 : 0;
    } finally {
      await search.close();
    }
  } finally {
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
