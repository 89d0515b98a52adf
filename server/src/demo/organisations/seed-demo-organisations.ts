import type { Db } from '../../db/database.ts';
import type { DemoImageDrawer } from '../../ingest/pdf-runner.ts';
import type { ContentService } from '../../modules/content/content.service.ts';
import { sanitizeHeadlineHtml } from '../../modules/content/headline-html.ts';
import { createOrganisationsRepo } from '../../modules/organisations/organisations.repo.ts';
import type { Clock } from '../../platform/clock.ts';
import type { Storage } from '../../platform/storage/storage.ts';
import { POSTER_COLORS, type PosterInput } from '../content/demo-image.ts';
import { createRandom, seedFrom } from '../pdf/prng.ts';
import { demoOrganisations, demoSocialAccounts, demoVideos, type DemoProduct } from './demo-organisations.ts';

export type SeedDemoOrganisationsInput = {
  db: Db;
  content: ContentService;
  storage: Storage;
  clock: Clock;
  /** The thread that draws logos and posters (see demo-image.ts). */
  drawer: DemoImageDrawer;
};

const DAY_MS = 86_400_000;
const colorsAt = (i: number) => POSTER_COLORS[i % POSTER_COLORS.length] ?? (['#f96007', '#ffb347'] as const);

/** A poster stored as JPEG under `<base>.jpg`: many images per organisation, and JPEG encodes far faster than PNG. */
async function jpeg(
  drawer: DemoImageDrawer,
  storage: Storage,
  base: string,
  poster: PosterInput,
): Promise<string> {
  const key = `${base}.jpg`;
  await storage.put(
    key,
    await drawer.drawDemoImage({ kind: 'poster', ...poster, format: 'jpeg' }),
    'image/jpeg',
  );
  return key;
}

const escapeHtml = (text: string) => text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');

/**
 * A product page or video page body: a lead and the points as a list, sanitised like any stored
 * HTML. No images: the page shows them beside the body, and the body's sandboxed frame (an
 * opaque origin) may not load our /files (Cross-Origin-Resource-Policy: same-origin).
 */
function richText(lead: string, points: readonly string[]): string {
  return sanitizeHeadlineHtml(
    `<p>${escapeHtml(lead)}</p><h3>核心亮点</h3><ul>${points.map((p) => `<li>${escapeHtml(p)}</li>`).join('')}</ul>`,
  );
}

/**
 * Fills the organisations the content seed created from the report publishers: logo,
 * introduction, social accounts, a contact address for certified ones, and 2-4 products each
 * with images, the organisation's own reports as related content (type 1) and two video pages
 * (type 2; the second requires authorization). Deterministic; runs once (skips when products exist).
 */
export async function seedDemoOrganisations({
  db,
  content,
  storage,
  clock,
  drawer,
}: SeedDemoOrganisationsInput): Promise<number> {
  const repo = createOrganisationsRepo(db);
  const random = createRandom(seedFrom('demo-organisations'));
  const now = clock.now().getTime();
  let organs = 0;
  for (const [i, demo] of demoOrganisations().entries()) {
    const row = await repo.byName(demo.name);
    if (!row || (await repo.countProducts(row.id)) > 0) {
      continue;
    }
    const logo = `demo/organisations/${demo.slug}/logo.png`;
    await storage.put(
      logo,
      await drawer.drawDemoImage({ kind: 'logo', name: demo.name, colors: colorsAt(i) }),
      'image/png',
    );
    await repo.update(row.id, {
      logo_key: logo,
      introduction: demo.introduction,
      social_accounts: JSON.stringify(demoSocialAccounts(demo.name)),
      contact_email: row.is_certification === 1 ? `bd@${demo.slug}.example.com` : '',
      official_website: `https://www.${demo.slug}.example.com`,
      sort: i,
    });
    const reports = (await content.organisationReports(row.id)).sort((a, b) => b.publishedAt - a.publishedAt);
    for (const [p, product] of demo.products.entries()) {
      const productId = await seedProduct({
        repo,
        drawer,
        storage,
        organisationId: row.id,
        organName: demo.name,
        slug: demo.slug,
        product,
        p,
        colorIndex: i + p,
        now,
      });
      // Related reports: the organisation's own, two per product, the older one behind authorization.
      for (const [r, report] of reports.slice(p * 2, p * 2 + 2).entries()) {
        await repo.insertContent({
          product_id: productId,
          organisation_id: row.id,
          type: 1,
          report_id: report.id,
          title: '',
          authorization_required: r === 1 ? 1 : 0,
          published_at: report.publishedAt,
          created_at: now,
        });
      }
      for (const [v, video] of demoVideos(demo.name, product).entries()) {
        const poster = await jpeg(drawer, storage, `demo/organisations/${demo.slug}/p${p + 1}-v${v + 1}`, {
          width: 640,
          height: 360,
          title: video.title,
          subtitle: demo.name,
          badge: '视频',
          colors: colorsAt(i + p + v + 3),
        });
        await repo.insertContent({
          product_id: productId,
          organisation_id: row.id,
          type: 2,
          report_id: null,
          title: video.title,
          cover_key: poster,
          video_url: '',
          video_duration: video.duration,
          content: richText(video.paragraphs[0] ?? '', video.paragraphs.slice(1)),
          authorization_required: v === 1 ? 1 : 0,
          published_at: now - random.int(1, 60) * DAY_MS - v * 3_600_000,
          created_at: now,
        });
      }
    }
    organs += 1;
  }
  return organs;
}

async function seedProduct(input: {
  repo: ReturnType<typeof createOrganisationsRepo>;
  drawer: DemoImageDrawer;
  storage: Storage;
  organisationId: number;
  organName: string;
  slug: string;
  product: DemoProduct;
  p: number;
  colorIndex: number;
  now: number;
}): Promise<number> {
  const { repo, drawer, storage, product, slug, p, colorIndex, now } = input;
  const base = `demo/organisations/${slug}/p${p + 1}`;
  const cover = await jpeg(drawer, storage, `${base}-cover`, {
    width: 480,
    height: 300,
    title: product.title,
    subtitle: product.pitch,
    colors: colorsAt(colorIndex),
  });
  const detail = await jpeg(drawer, storage, `${base}-detail`, {
    width: 800,
    height: 500,
    title: product.points[0] ?? product.title,
    subtitle: `${input.organName} · ${product.title}`,
    colors: colorsAt(colorIndex + 1),
  });
  return repo.insertProduct(
    {
      organisation_id: input.organisationId,
      title: product.title,
      cover_key: cover,
      content: richText(product.pitch, product.points),
      sort: p,
      published_at: now - (p + 1) * 7 * DAY_MS,
      created_at: now,
    },
    [
      { sort: 0, type: 1, url: cover },
      { sort: 1, type: 1, url: detail },
    ],
  );
}
