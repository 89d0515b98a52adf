import { withId, type MigrationDb } from './helpers.ts';

/**
 * Synonym groups (issue 19): words a reader means the same by — a company, its English name and
 * its stock code; a term and its abbreviation or traditional spelling. Search and the digest
 * match any member of a group for any other. `words` is a JSON array of the members as the
 * admin wrote them; `version` +1 on each edit (the back-office's optimistic concurrency).
 */
export const SEEDED_SYNONYMS: readonly (readonly string[])[] = [
  ['宁德时代', 'CATL', '300750'],
  ['比亚迪', 'BYD', '002594'],
  ['贵州茅台', '茅台', '600519'],
  ['腾讯', 'Tencent', '00700'],
  ['阿里巴巴', '阿里', 'Alibaba'],
  ['小米集团', '小米', 'Xiaomi'],
  ['华为', 'Huawei'],
  ['瑞幸咖啡', '瑞幸', 'Luckin'],
  ['人工智能', 'AI', '人工智慧'],
  ['大模型', '大语言模型', 'LLM'],
  ['电动车', '电动汽车', 'EV'],
  ['新能源汽车', '新能源车', 'NEV'],
  ['锂电池', '锂离子电池'],
  ['芯片', '集成电路', '晶片'],
  ['光伏', '太阳能发电'],
  ['跨境电商', '跨境电子商务'],
  ['软件', '軟體'],
  ['云计算', '雲端運算'],
];

export async function up(db: MigrationDb): Promise<void> {
  await withId(db, db.schema.createTable('synonym_groups'))
    .addColumn('words', 'text', (c) => c.notNull())
    .addColumn('version', 'integer', (c) => c.notNull().defaultTo(1))
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addColumn('updated_at', 'bigint', (c) => c.notNull())
    .execute();
  const now = Date.now();
  await db
    .insertInto('synonym_groups')
    .values(
      SEEDED_SYNONYMS.map((words) => ({ words: JSON.stringify(words), created_at: now, updated_at: now })),
    )
    .execute();
}

export async function down(db: MigrationDb): Promise<void> {
  await db.schema.dropTable('synonym_groups').execute();
}
