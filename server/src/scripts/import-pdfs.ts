import { resolve } from 'node:path';
import { loadConfig } from '../config.ts';
import { createDatabase } from '../db/database.ts';
import { migrateToLatest } from '../db/migrate.ts';
import { createContentService } from '../modules/content/content.service.ts';
import { importPdfFiles } from '../modules/content/import-pdfs.ts';
import { openSearchIndex } from '../modules/search/open-search-index.ts';
import { loadSearchDictionary } from '../modules/search/search-dictionary.ts';
import { systemClock } from '../platform/clock.ts';
import { storageInDataDir } from '../platform/storage/local-storage.ts';

/**
 * `npm run import -- <file.pdf|folder> …`: imports PDFs as reports into the database and
 * storage the server uses (same DATA_DIR / DATABASE_URL). Exit code 1 if any file failed,
 * 2 for a usage error.
 */
async function main(): Promise<number> {
  const args = process.argv.slice(2).filter((a) => a !== '--');
  if (args.length === 0) {
    console.error('用法：npm run import -- <文件.pdf|文件夹> …');
    return 2;
  }
  // npm runs workspace scripts in the workspace folder; paths are meant from where the user was.
  const base = process.env.INIT_CWD ?? process.cwd();
  const config = loadConfig(process.env);
  const db = createDatabase(config.database);
  const search = openSearchIndex(db, { readers: 0 });
  try {
    await migrateToLatest(db);
    const content = createContentService({
      db,
      storage: storageInDataDir(config.dataDir),
      search,
      clock: systemClock,
    });
    await loadSearchDictionary(content);
    // PDFs are read in the PDF worker thread (ingest-pdf.ts's default), as the server reads them.
    const outcomes = await importPdfFiles(
      args.map((a) => resolve(base, a)),
      { content, clock: systemClock },
    );
    for (const o of outcomes) {
      if (o.ok) {
        console.log(`✔ ${o.file} → 报告 #${o.id}《${o.title}》，${o.pageCount} 页`);
      } else {
        console.error(`✘ ${o.file}：${o.message}`);
      }
    }
    const failed = outcomes.filter((o) => !o.ok).length;
    console.log(`导入完成：成功 ${outcomes.length - failed} 个，失败 ${failed} 个`);
    return failed > 0 || outcomes.length === 0 ? 1 : 0;
  } finally {
    await search.close();
    await db.close();
  }
}

main().then(
  (code) => process.exit(code),
  (err: unknown) => {
    console.error(err instanceof Error ? err.message : err);
    process.exit(1);
  },
);
