import type { Db } from '../../db/database.ts';
import type { DemoImageDrawer } from '../../ingest/pdf-runner.ts';
import type { ContentService } from '../../modules/content/content.service.ts';
import { sanitizeHeadlineHtml } from '../../modules/content/headline-html.ts';
import { createOrganisationsRepo } from '../../modules/organisations/organisations.repo.ts';
import type { Clock } from '../../platform/clock.ts';
import type { Storage } from '../../platform/storage/storage.ts';
import { POSTER_COLORS, type DemoImage, type PosterInput } from '../content/demo-image.ts';
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

/** A poster to store as JPEG under `<base>.jpg`: many images per organisation, and JPEG encodes far faster than PNG. */
const jpegPoster = (poster: PosterInput): DemoImage => ({ kind: 'poster', ...poster, format: 'jpeg' });

async function putJpeg(storage: Storage, base: string, bytes: Uint8Array): Promise<string> {
  const key = `${base}.jpg`;
  await storage.put(key, bytes, 'image/jpeg');
  return key;
}

type OrganisationImages = {
  logo: Uint8Array;
  products: { cover: Uint8Array; detail: Uint8Array; videoPosters: Uint8Array[] }[];
};

/**
 * An organisation's logo and posters, asked for all at once: the drawing thread then draws them
 * back to back instead of waiting for this thread to store each one before it hears of the next.
 */
async function drawOrganisationImages(
  drawer: DemoImageDrawer,
  demo: ReturnType<typeof demoOrganisations>[number],
  i: number,
): Promise<OrganisationImages> {
  const draw = (image: DemoImage) => drawer.drawDemoImage(image);
  const [logo, products] = await Promise.all([
    draw({ kind: 'logo', name: demo.name, colors: colorsAt(i) }),
    Promise.all(
      demo.products.map(async (product, p) => {
        const [cover, detail, ...videoPosters] = await Promise.all([
          draw(
            jpegPoster({
              width: 480,
              height: 300,
              title: product.title,
              subtitle: product.pitch,
              colors: colorsAt(i + p),
            }),
          ),
          draw(
            jpegPoster({
              width: 800,
              height: 500,
              title: product.points[0] ?? product.title,
              subtitle: `${demo.name} · ${product.title}`,
              colors: colorsAt(i + p + 1),
            }),
          ),
          ...demoVideos(demo.name, product).map((video, v) =>
            draw(
              jpegPoster({
                width: 640,
                height: 360,
                title: video.title,
                subtitle: demo.name,
                badge: '视频',
                colors: colorsAt(i + p + v + 3),
              }),
            ),
          ),
        ]);
        return { cover: cover as Uint8Array, detail: detail as Uint8Array, videoPosters };
      }),
    ),
  ]);
  return { logo, products };
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
    const images = await drawOrganisationImages(drawer, demo, i);
    const logo = `demo/organisations/${demo.slug}/logo.png`;
    await storage.put(logo, images.logo, 'image/png');
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
      const drawn = images.products[p];
      if (!drawn) {
        continue;
      }
      const productId = await seedProduct({
        repo,
        storage,
        organisationId: row.id,
        slug: demo.slug,
        product,
        p,
        drawn,
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
        const poster = await putJpeg(
          storage,
          `demo/organisations/${demo.slug}/p${p + 1}-v${v + 1}`,
          drawn.videoPosters[v] as Uint8Array,
        );
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
  storage: Storage;
  organisationId: number;
  slug: string;
  product: DemoProduct;
  p: number;
  drawn: OrganisationImages['products'][number];
  now: number;
}): Promise<number> {
  const { repo, storage, product, slug, p, drawn, now } = input;
  const base = `demo/organisations/${slug}/p${p + 1}`;
  const cover = await putJpeg(storage, `${base}-cover`, drawn.cover);
  const detail = await putJpeg(storage, `${base}-detail`, drawn.detail);
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
