import {
  MSG,
  ResultCode,
  type TAdminOrganDetail,
  type TAdminOrganImpact,
  type TAdminOrganList,
  type TAdminOrganRow,
  type TAdminProductDetail,
  type TAdminProductRemoved,
  type TAdminProductSaved,
  type ZAdminOrganContentCreate,
  type ZAdminOrganCreate,
  type ZAdminOrganListQuery,
  type ZAdminProductCreate,
} from '@portal/contract';
import type { z } from 'zod';
import { AppError } from '../../http/app-error.ts';
import type { Clock } from '../../platform/clock.ts';
import type { Storage } from '../../platform/storage/storage.ts';
import type { AuditLog } from '../audit/audit.service.ts';
import { fileUrl } from '../content/content-types.ts';
import { mediaUrl, parseSocialAccounts } from '../organisations/organ-mappers.ts';
import type {
  AdminOrganisationsRepo,
  MediaFields,
  OrganFields,
  ProductFields,
} from './admin-organisations.repo.ts';
import { htmlToPlainText, plainTextToHtml } from './plain-text-html.ts';
import { checkFileKey } from './public-upload.ts';

export type Actor = { id: number };
export type AdminOrganisationsService = ReturnType<typeof createAdminOrganisationsService>;

type OrganBody = z.output<typeof ZAdminOrganCreate>;
type ProductBody = z.output<typeof ZAdminProductCreate>;
type Versioned<T> = T & { version: number };

/** The changed fields only, before → after (the audit log's shape). */
function changed(before: Record<string, unknown>, after: Record<string, unknown>) {
  const keys = Object.keys(after).filter((key) => JSON.stringify(before[key]) !== JSON.stringify(after[key]));
  return {
    before: Object.fromEntries(keys.map((key) => [key, before[key]])),
    after: Object.fromEntries(keys.map((key) => [key, after[key]])),
  };
}

const HTTP_URL = /^https?:\/\//i;

/**
 * The back-office organisations: an organisation's page, its products with media, and their
 * related content. Saves refer to uploaded files by key (checked: an upload of this section or a
 * key the row already has), bodies are plain text stored escaped, edits apply only at the
 * version the editor loaded (409 otherwise), and every write is in the audit log.
 */
export function createAdminOrganisationsService(deps: {
  repo: AdminOrganisationsRepo;
  storage: Storage;
  audit: AuditLog;
  clock: Clock;
}) {
  const { repo, storage, audit, clock } = deps;
  const now = () => clock.now().getTime();
  const conflict = () => new AppError(409, ResultCode.failure, MSG.adminVersionConflict);

  async function organ(id: number) {
    const row = await repo.byId(id);
    if (!row) {
      throw AppError.notFound(MSG.organNotFound);
    }
    return row;
  }

  async function product(id: number) {
    const row = await repo.productById(id);
    if (!row) {
      throw AppError.notFound(MSG.contentNotFound);
    }
    return row;
  }

  /** The columns a body writes (social accounts as the stored JSON). */
  const organFields = (body: OrganBody): OrganFields => ({
    name: body.name,
    is_certification: body.is_certification,
    logo_key: body.logo_key,
    official_website: body.official_website,
    contact_email: body.contact_email,
    introduction: body.introduction,
    social_accounts: JSON.stringify(body.social_accounts),
    sort: body.sort,
  });

  async function checkOrgan(body: OrganBody, id: number | null, currentLogo: string): Promise<void> {
    if (await repo.nameTaken(body.name, id)) {
      throw AppError.badRequest(MSG.adminOrganNameTaken);
    }
    await checkFileKey(storage, 'organisations', body.logo_key, new Set([currentLogo]));
  }

  /** Media keys: uploads of this section, http(s) video addresses, or what the product has. */
  async function checkProduct(body: ProductBody, current: { cover: string; media: readonly MediaFields[] }) {
    const known = new Set([current.cover, ...current.media.flatMap((m) => [m.url, m.poster_key])]);
    await checkFileKey(storage, 'organisations', body.cover_key, known);
    for (const m of body.media) {
      if (HTTP_URL.test(m.url)) {
        if (m.type !== 2) {
          throw AppError.badRequest(MSG.adminMediaInvalid);
        }
      } else {
        await checkFileKey(storage, 'organisations', m.url, known, m.type === 2 ? 'video' : 'image');
      }
      await checkFileKey(storage, 'organisations', m.poster_key, known);
    }
  }

  const productFields = (body: ProductBody): ProductFields => ({
    title: body.title,
    cover_key: body.cover_key,
    content: plainTextToHtml(body.text),
    sort: body.sort,
  });
  const mediaFields = (body: ProductBody): MediaFields[] =>
    body.media.map((m) => ({ type: m.type, url: m.url, poster_key: m.poster_key }));

  const toRow = (r: Awaited<ReturnType<typeof organ>>, products: number): TAdminOrganRow => ({
    id: r.id,
    name: r.name,
    logo_url: fileUrl(r.logo_key),
    is_certification: Number(r.is_certification),
    sort: Number(r.sort),
    products,
    version: Number(r.version),
    created_at: Number(r.created_at),
    // Rows seeded or imported outside the back-office have no update time yet: their creation stands in.
    updated_at: Number(r.updated_at) || Number(r.created_at),
  });

  return {
    async list(q: z.output<typeof ZAdminOrganListQuery>): Promise<TAdminOrganList> {
      const { rows, total } = await repo.list(q);
      return { data: rows.map((r) => toRow(r, Number(r.products ?? 0))), total };
    },

    async detail(id: number): Promise<TAdminOrganDetail> {
      const row = await organ(id);
      const [products, impact] = await Promise.all([repo.products(id), repo.impact(id)]);
      return {
        ...toRow(row, products.length),
        logo_key: row.logo_key,
        official_website: row.official_website,
        contact_email: row.contact_email,
        introduction: row.introduction,
        social_accounts: parseSocialAccounts(row.social_accounts),
        product_list: products.map((p) => ({
          id: p.id,
          title: p.title,
          cover_url: fileUrl(p.cover_key),
          sort: Number(p.sort),
          media: Number(p.media_count ?? 0),
          contents: Number(p.content_count ?? 0),
          version: Number(p.version),
          updated_at: Number(p.updated_at) || Number(p.created_at),
        })),
        impact,
      };
    },

    async create(actor: Actor, body: OrganBody): Promise<number> {
      await checkOrgan(body, null, '');
      const fields = organFields(body);
      const id = await repo.insert(fields, now());
      await audit.record({
        actorId: actor.id,
        action: 'organisation.create',
        targetType: 'organisation',
        targetId: id,
        after: fields,
      });
      return id;
    },

    async update(actor: Actor, id: number, body: Versioned<OrganBody>): Promise<TAdminOrganRow> {
      const row = await organ(id);
      if (Number(row.version) !== body.version) {
        throw conflict();
      }
      await checkOrgan(body, id, row.logo_key);
      const fields = organFields(body);
      if (!(await repo.update(id, body.version, now(), fields))) {
        throw conflict();
      }
      await audit.record({
        actorId: actor.id,
        action: 'organisation.update',
        targetType: 'organisation',
        targetId: id,
        ...changed(row, fields),
      });
      return toRow(await organ(id), (await repo.products(id)).length);
    },

    /** Deletes the organisation with everything `impact` announced; its reports stay, unlinked. */
    async remove(actor: Actor, id: number): Promise<TAdminOrganImpact> {
      const row = await organ(id);
      const impact = await repo.impact(id);
      if (!(await repo.remove(id))) {
        throw AppError.notFound(MSG.organNotFound);
      }
      await audit.record({
        actorId: actor.id,
        action: 'organisation.delete',
        targetType: 'organisation',
        targetId: id,
        before: { name: row.name, is_certification: row.is_certification, ...impact },
      });
      return impact;
    },

    async productDetail(id: number): Promise<TAdminProductDetail> {
      const row = await product(id);
      const [org, media, contents] = await Promise.all([
        organ(row.organisation_id),
        repo.media(id),
        repo.contents(id),
      ]);
      return {
        id: row.id,
        title: row.title,
        cover_url: fileUrl(row.cover_key),
        sort: Number(row.sort),
        media: media.length,
        contents: contents.length,
        version: Number(row.version),
        updated_at: Number(row.updated_at) || Number(row.created_at),
        organisation_id: org.id,
        organisation_name: org.name,
        cover_key: row.cover_key,
        text: htmlToPlainText(row.content),
        media_list: media.map((m) => ({
          type: Number(m.type),
          url: m.url,
          preview_url: mediaUrl(m.url),
          poster_key: m.poster_key,
        })),
        content_list: contents.map((c) => ({
          id: c.id,
          type: Number(c.type),
          title: c.title !== '' ? c.title : (c.report_title ?? ''),
          report_id: c.report_id,
          authorization_required: Number(c.authorization_required),
          published_at: Number(c.published_at),
        })),
      };
    },

    async createProduct(actor: Actor, organisationId: number, body: ProductBody): Promise<number> {
      await organ(organisationId);
      await checkProduct(body, { cover: '', media: [] });
      const fields = productFields(body);
      const media = mediaFields(body);
      const id = await repo.insertProduct(organisationId, fields, media, now());
      await audit.record({
        actorId: actor.id,
        action: 'product.create',
        targetType: 'product',
        targetId: id,
        after: { organisation_id: organisationId, ...fields, media },
      });
      return id;
    },

    async updateProduct(actor: Actor, id: number, body: Versioned<ProductBody>): Promise<TAdminProductSaved> {
      const row = await product(id);
      if (Number(row.version) !== body.version) {
        throw conflict();
      }
      const oldMedia = (await repo.media(id)).map((m) => ({
        type: Number(m.type),
        url: m.url,
        poster_key: m.poster_key,
      }));
      await checkProduct(body, { cover: row.cover_key, media: oldMedia });
      const fields = productFields(body);
      const media = mediaFields(body);
      if (!(await repo.updateProduct(id, body.version, now(), fields, media))) {
        throw conflict();
      }
      await audit.record({
        actorId: actor.id,
        action: 'product.update',
        targetType: 'product',
        targetId: id,
        ...changed({ ...row, media: oldMedia }, { ...fields, media }),
      });
      return { id, version: body.version + 1 };
    },

    async removeProduct(actor: Actor, id: number): Promise<TAdminProductRemoved> {
      const row = await product(id);
      const [media, contents] = await Promise.all([repo.media(id), repo.contents(id)]);
      if (!(await repo.removeProduct(id))) {
        throw AppError.notFound(MSG.contentNotFound);
      }
      const removed = { contents: contents.length, media: media.length };
      await audit.record({
        actorId: actor.id,
        action: 'product.delete',
        targetType: 'product',
        targetId: id,
        before: { organisation_id: row.organisation_id, title: row.title, ...removed },
      });
      return removed;
    },

    async createContent(
      actor: Actor,
      productId: number,
      body: z.output<typeof ZAdminOrganContentCreate>,
    ): Promise<number> {
      const prod = await product(productId);
      const at = now();
      const base = {
        product_id: productId,
        organisation_id: prod.organisation_id,
        authorization_required: body.authorization_required,
        published_at: at,
        created_at: at,
      };
      let row;
      if (body.type === 1) {
        if (!(await repo.reportExists(body.report_id))) {
          throw AppError.badRequest(MSG.adminReportNotFound);
        }
        // The report's own title and cover stand in while these stay empty (organ-mappers.ts).
        row = { ...base, type: 1, report_id: body.report_id, title: '' };
      } else {
        if (!HTTP_URL.test(body.video_url)) {
          await checkFileKey(storage, 'organisations', body.video_url, new Set(), 'video');
        }
        await checkFileKey(storage, 'organisations', body.cover_key, new Set());
        row = {
          ...base,
          type: 2,
          report_id: null,
          title: body.title,
          video_url: body.video_url,
          cover_key: body.cover_key,
          video_duration: body.video_duration,
          content: plainTextToHtml(body.text),
        };
      }
      const id = await repo.insertContent(row);
      await audit.record({
        actorId: actor.id,
        action: 'product_content.create',
        targetType: 'product_content',
        targetId: id,
        after: row,
      });
      return id;
    },

    async removeContent(actor: Actor, id: number): Promise<{ id: number }> {
      const row = await repo.contentById(id);
      if (!row || !(await repo.removeContent(id))) {
        throw AppError.notFound(MSG.contentNotFound);
      }
      await audit.record({
        actorId: actor.id,
        action: 'product_content.delete',
        targetType: 'product_content',
        targetId: id,
        before: { product_id: row.product_id, type: row.type, report_id: row.report_id, title: row.title },
      });
      return { id };
    },
  };
}
