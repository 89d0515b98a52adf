import type { Db } from '../../db/database.ts';
import type { DemoImageDrawer, PdfRunner } from '../../ingest/pdf-runner.ts';
import { sharedPdfWorker } from '../../ingest/pdf-worker-runner.ts';
import { createBannersRepo } from '../../modules/banners/banners.repo.ts';
import type { ContentService } from '../../modules/content/content.service.ts';
import type { Counts } from '../../modules/content/content-stats.repo.ts';
import { fileUrl } from '../../modules/content/content-types.ts';
import { loadSearchDictionary } from '../../modules/search/search-dictionary.ts';
import type { Clock } from '../../platform/clock.ts';
import type { Storage } from '../../platform/storage/storage.ts';
import { DEMO_PUBLISHERS } from '../pdf/industries.ts';
import { ingestDemoReports } from '../pdf/ingest-demo-reports.ts';
import { createRandom, seedFrom, type Random } from '../pdf/prng.ts';
import { demoAnalyses, type DemoReportFile } from './demo-analyses.ts';
import { POSTER_COLORS, type PosterInput } from './demo-image.ts';
import { demoHeadlines } from './demo-headlines.ts';
import type { DemoTopic } from './demo-topics.ts';
import { demoMaterials, relatedAnalyses } from './demo-materials.ts';
import { demoDocx, demoXlsx } from './office-files.ts';
import { seedDemoOrganisations } from '../organisations/seed-demo-organisations.ts';

export type SeedDemoContentInput = {
  db: Db;
  content: ContentService;
  storage: Storage;
  clock: Clock;
  /** Demo reports to generate (DEMO_REPORTS; default 60). */
  reports: number;
  headlines?: number;
  /** Defaults to the shared PDF worker; it also draws the posters (see demo-image.ts). */
  runner?: PdfRunner;
  /** Called as each part starts (`demo reports`, `demo insight topics` …), for start-up logs. */
  onPart?: (part: string) => void;
};

const ANALYSIS_COVER_TITLES: Readonly<Record<string, string>> = {
  industry: '行业研究',
  brand: '品牌洞察',
  competitor: '竞品分析',
  persona: '用户画像',
  marketing: '营销投放',
  retail: '渠道零售',
  sentiment: '舆情监测',
  dashboard: '数据看板',
};

const BANNERS = [
  { title: '新能源汽车年度洞察报告', subtitle: '渗透率、价格战与出海', search: '新能源汽车' },
  { title: '跨境电商出海品牌指南', subtitle: '独立站 · 海外仓 · 全托管', search: '跨境电商' },
  { title: '人工智能大模型应用图谱', subtitle: '算力、智能体与多模态', search: '人工智能大模型' },
  { title: '咖啡茶饮门店扩张观察', subtitle: '下沉市场的增量空间', search: '咖啡茶饮' },
  { title: '国潮品牌消费趋势', subtitle: '国货、文创与新消费', search: '国潮' },
];

/** Engagement counters that make 最热 differ from 最新: a few items far more read than others. */
function demoCounts(random: Random): Counts {
  const views = Math.floor(random.next() ** 3 * 5000);
  return {
    views,
    downloads: Math.floor(views * random.next() * 0.1),
    favorites: Math.floor(views * random.next() * 0.05),
    useful: Math.floor(views * random.next() * 0.05),
  };
}

async function putPng(storage: Storage, key: string, png: Uint8Array): Promise<string> {
  await storage.put(key, png, 'image/png');
  return key;
}

const MONTHS = ['1月', '2月', '3月', '4月', '5月', '6月'];

/** The excel or word file an Office-viewer topic shows: a small table or a short memo about it. */
async function demoViewerFile(
  storage: Storage,
  ext: 'excel' | 'word',
  i: number,
  title: string,
  target: string,
): Promise<string> {
  const n = String(i + 1).padStart(3, '0');
  if (ext === 'excel') {
    const key = `demo/analyses/files/${n}.xlsx`;
    const xlsx = await demoXlsx([
      {
        sheet: '月度指标',
        header: ['月份', '销售额（万元）', '同比增长'],
        rows: MONTHS.map((m, k) => [m, 1200 + ((i * 37 + k * 53) % 400), `${5 + ((i + k * 3) % 12)}%`]),
      },
      {
        sheet: '渠道占比',
        header: ['渠道', '占比'],
        rows: [
          ['线上', '46%'],
          ['商超', '31%'],
          ['便利店', '23%'],
        ],
      },
    ]);
    await storage.put(key, xlsx, 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet');
    return fileUrl(key);
  }
  const key = `demo/analyses/files/${n}.docx`;
  const docx = demoDocx(title, [
    `研究目标：${target}。`,
    '一、核心发现：头部品牌份额继续集中，新品牌依靠细分人群实现突破。',
    '二、建议：围绕高潜人群优化内容与渠道投放节奏。',
  ]);
  await storage.put(key, docx, 'application/vnd.openxmlformats-officedocument.wordprocessingml.document');
  return fileUrl(key);
}

/** Related files every topic lists beside its demo report PDFs: a data table and a memo. */
async function demoRelatedFiles(
  storage: Storage,
): Promise<{ title: string; url: string; ext: string; create_time: string }[]> {
  const xlsxKey = 'demo/analyses/files/related-data.xlsx';
  const docxKey = 'demo/analyses/files/related-notes.docx';
  const xlsx = await demoXlsx([
    {
      sheet: '核心数据',
      header: ['指标', '数值'],
      rows: [
        ['样本量', 3000],
        ['覆盖城市', 48],
        ['调研周期（天）', 30],
      ],
    },
  ]);
  await storage.put(xlsxKey, xlsx, 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet');
  const docx = demoDocx('研究方法说明', [
    '本专题数据来自线上问卷与公开资料。',
    '样本按城市级别与年龄段配额抽取。',
  ]);
  await storage.put(docxKey, docx, 'application/vnd.openxmlformats-officedocument.wordprocessingml.document');
  return [
    { title: '核心数据表', url: fileUrl(xlsxKey), ext: 'xlsx', create_time: '' },
    { title: '研究方法说明', url: fileUrl(docxKey), ext: 'docx', create_time: '' },
  ];
}

/**
 * The demo content set, on a database without content: organisations from the report
 * publishers, `reports` report PDFs ingested like uploads, 300 headlines over the last 30
 * days, 30 insight topics (every category and viewer), 40 materials with poster images and
 * 5 banners, all indexed for search. Deterministic: a seeded PRNG and dates relative to the
 * clock. Returns a line per part with its time. Two nodes starting on one empty database at
 * the same moment would both seed; start one node first.
 */
export async function seedDemoContent(input: SeedDemoContentInput): Promise<string[]> {
  const { content, storage, clock } = input;
  if (!(await content.isEmpty())) {
    return [];
  }
  const now = clock.now();
  const random = createRandom(seedFrom('demo-content'));
  const runner = input.runner ?? sharedPdfWorker();
  // Drawn by the thread that renders PDFs: @napi-rs/canvas must live in one thread only.
  const ownDraw = runner.drawDemoImage?.bind(runner);
  const drawer: DemoImageDrawer = ownDraw ? { drawDemoImage: ownDraw } : sharedPdfWorker();
  const drawPoster = (poster: PosterInput) => drawer.drawDemoImage({ kind: 'poster', ...poster });
  const done: string[] = [];
  const timed = async <T>(part: string, label: (result: T) => string, work: () => Promise<T>): Promise<T> => {
    input.onPart?.(part);
    const started = performance.now();
    const result = await work();
    done.push(`${label(result)} in ${((performance.now() - started) / 1000).toFixed(1)} s`);
    return result;
  };

  const orgIds = await content.addOrganisations(
    DEMO_PUBLISHERS.map((p, i) => ({
      name: p.name,
      // Every fourth one has not joined: its report cards say 此机构暂未入驻.
      status: i % 4 === 3 ? 1 : 0,
      is_certification: p.kind === 'company' || i % 3 === 0 ? 1 : 0,
      official_website: `https://www.example.com/org/${i + 1}`,
    })),
  );
  await loadSearchDictionary(content);
  const statusOf = (name: string) => (DEMO_PUBLISHERS.findIndex((p) => p.name === name) % 4 === 3 ? 1 : 0);

  const pdfs = await timed(
    'demo reports',
    (list) => `demo reports: ${list.length}`,
    async () => {
      const ingested = await ingestDemoReports({ storage, now, count: input.reports, runner });
      const out: DemoReportFile[] = [];
      for (const { spec, files } of ingested) {
        const orgId = orgIds.get(spec.publisher);
        await content.addIngestedReport(
          {
            contentId: spec.slug,
            title: spec.title,
            sourceType: spec.sourceType,
            industry: spec.industry,
            keywords: spec.keywords,
            publishedAt: spec.publishedAt,
            companies:
              orgId === undefined ? [] : [{ organisation_id: orgId, status: statusOf(spec.publisher) }],
            counts: demoCounts(random),
          },
          files,
        );
        out.push({ title: spec.title, url: fileUrl(files.pdfKey), industry: spec.industry });
      }
      return out;
    },
  );

  await timed(
    'demo headlines',
    (ids) => `demo headlines: ${ids.length}`,
    async () => {
      const rows = demoHeadlines(now, input.headlines ?? 300);
      return content.addHeadlines(
        rows,
        rows.map(() => demoCounts(random)),
      );
    },
  );

  const analyses = await timed(
    'demo insight topics',
    (list) => `demo insight topics: ${list.length}`,
    async () => {
      const covers = new Map<string, string>();
      for (const [i, [type, title]] of Object.entries(ANALYSIS_COVER_TITLES).entries()) {
        const png = await drawPoster({
          width: 480,
          height: 300,
          title,
          subtitle: '洞察专题',
          colors: POSTER_COLORS[i % POSTER_COLORS.length] ?? ['#f96007', '#ffb347'],
        });
        covers.set(type, await putPng(storage, `demo/analyses/${type}.png`, png));
      }
      const rows = demoAnalyses(now, pdfs);
      const related = await demoRelatedFiles(storage);
      for (const [i, r] of rows.entries()) {
        if (r.anal_data_ext === 'excel' || r.anal_data_ext === 'word') {
          r.anal_data_info = {
            ...r.anal_data_info,
            url: await demoViewerFile(storage, r.anal_data_ext, i, r.title, r.target),
          };
        }
        r.quote_data_info = [...r.quote_data_info, ...related];
      }
      const ids = await content.addAnalyses(
        rows.map(({ topic: _topic, ...r }) => ({
          ...r,
          cover_key: covers.get(r.anal_type) ?? '',
          anal_data_info: JSON.stringify(r.anal_data_info),
          quote_data_info: JSON.stringify(r.quote_data_info),
        })),
        rows.map(() => demoCounts(random)),
      );
      return ids.map((id, i) => ({ id, title: rows[i]?.title ?? '', topic: rows[i]?.topic as DemoTopic }));
    },
  );

  await timed(
    'demo materials',
    (ids) => `demo materials: ${ids.length}`,
    async () => {
      const rows = demoMaterials(now);
      const withImages = [];
      for (const [i, m] of rows.entries()) {
        const png = await drawPoster({
          width: 400,
          height: 640,
          title: m.title,
          subtitle: m.subtitle,
          badge: m.material_type === 'video' ? `视频 ${m.video_duration}秒` : m.category,
          colors: POSTER_COLORS[i % POSTER_COLORS.length] ?? ['#f96007', '#ffb347'],
          play: m.material_type === 'video',
        });
        const image_key = await putPng(storage, `demo/materials/${String(i + 1).padStart(3, '0')}.png`, png);
        const { subtitle: _subtitle, topic: _topic, ...fields } = m;
        const cited = random.sample(relatedAnalyses(m, analyses), 1 + (i % 2));
        withImages.push({
          ...fields,
          image_key,
          video_url: '',
          analysis_info: JSON.stringify(cited.map((a) => ({ detail_id: a.id, title: a.title }))),
        });
      }
      return content.addMaterials(
        withImages,
        rows.map(() => demoCounts(random)),
      );
    },
  );

  await timed(
    'demo banners',
    (n: number) => `demo banners: ${n}`,
    async () => {
      const banners = createBannersRepo(input.db);
      for (const [i, b] of BANNERS.entries()) {
        const png = await drawPoster({
          width: 1200,
          height: 400,
          title: b.title,
          subtitle: b.subtitle,
          colors: POSTER_COLORS[i] ?? ['#f96007', '#ffb347'],
        });
        const image_key = await putPng(storage, `demo/banners/${i + 1}.png`, png);
        await banners.insert({
          title: b.title,
          image_key,
          redirect_url: `/searchpage/searchpage?search=${encodeURIComponent(b.search)}`,
          sort: i + 1,
          enabled: 1,
          created_at: now.getTime(),
        });
      }
      return BANNERS.length;
    },
  );

  await timed(
    'demo organisations',
    (n: number) => `demo organisations: ${n}`,
    () => seedDemoOrganisations({ db: input.db, content, storage, clock, drawer }),
  );
  return done;
}
