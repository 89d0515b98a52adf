import {
  MSG,
  ResultCode,
  type TAdminCatalogue,
  type TCatalogueImpact,
  type TCatalogueKind,
  type TCatalogueMove,
} from '@portal/contract';
import { AppError } from '../../http/app-error.ts';
import { loadUserWords } from '../../search/segmenter.ts';
import type { AuditLog } from '../audit/audit.service.ts';
import { isUniqueViolation } from '../users/users.repo.ts';
import type { AdminCatalogueRepo, CatalogueRow } from './admin-catalogue.repo.ts';
import type { KeywordReindex } from './keyword-reindex.ts';

/** The audit log's target type of each list. */
const TARGET: Record<TCatalogueKind, string> = {
  'company-types': 'company_type',
  industries: 'industry',
  keywords: 'subscription_keyword',
};

const conflict = () => new AppError(409, ResultCode.failure, MSG.adminVersionConflict);
const notFound = () => AppError.notFound(MSG.adminCatalogueNotFound);
const taken = (kind: TCatalogueKind) =>
  AppError.badRequest(kind === 'keywords' ? MSG.keywordDuplicate : MSG.adminCatalogueNameTaken);

/**
 * Company types, their industries and the recommended keywords (issue 16). Users read them at
 * once (the subscriptions module reads the tables on every request); a new or renamed keyword
 * becomes a segmenter word on this process at once and on every process at start-up and within
 * the subscriptions module's minute reload; the documents holding it are re-indexed in the
 * background (keyword-reindex.ts). Writes are at the editor's version (409 otherwise)
 * and audited.
 */
export function createAdminCatalogueService({
  repo,
  audit,
  reindex,
}: {
  repo: AdminCatalogueRepo;
  audit: AuditLog;
  reindex: KeywordReindex;
}) {
  async function existing(kind: TCatalogueKind, id: number): Promise<CatalogueRow> {
    const row = await repo.entry(kind, id);
    if (!row) {
      throw notFound();
    }
    return row;
  }

  async function assertFree(kind: TCatalogueKind, scopeId: number | null, name: string, except?: number) {
    const siblings = await repo.entries(kind, scopeId);
    if (siblings.some((r) => r.name === name && r.id !== except)) {
      throw taken(kind);
    }
  }

  /** Runs a write that a concurrent one may beat to the unique name: that is the same refusal. */
  async function uniquely<T>(kind: TCatalogueKind, write: () => Promise<T>): Promise<T> {
    try {
      return await write();
    } catch (error) {
      if (isUniqueViolation(error)) {
        throw taken(kind);
      }
      throw error;
    }
  }

  async function catalogue(): Promise<TAdminCatalogue> {
    const [types, industries, keywords, counts] = await Promise.all([
      repo.entries('company-types'),
      repo.entries('industries'),
      repo.entries('keywords'),
      repo.userCounts(),
    ]);
    const entry = (r: CatalogueRow, users: number) => ({ id: r.id, name: r.name, version: r.version, users });
    return {
      company_types: types.map((t) => ({
        ...entry(t, counts.types.get(t.id) ?? 0),
        industries: industries
          .filter((i) => i.scopeId === t.id)
          .map((i) => entry(i, counts.industries.get(i.id) ?? 0)),
      })),
      keywords: keywords.map((kw) => entry(kw, counts.keywords.get(kw.name) ?? 0)),
    };
  }

  return {
    catalogue,
    reindexProgress: () => reindex.progress(),

    /** Adds an entry at the end of its list (`scopeId`: the company type of a new industry). */
    async create(actorId: number, kind: TCatalogueKind, name: string, scopeId: number | null = null) {
      if (kind === 'industries') {
        await existing('company-types', scopeId ?? 0);
      }
      await assertFree(kind, scopeId, name);
      const id = await uniquely(kind, () => repo.insert(kind, scopeId, name));
      if (kind === 'keywords') {
        loadUserWords([name]);
        reindex.start(name);
      }
      await audit.record({
        actorId,
        action: 'catalogue.create',
        targetType: TARGET[kind],
        targetId: id,
        after: scopeId === null ? { name } : { name, company_type_id: scopeId },
      });
      return catalogue();
    },

    async rename(actorId: number, kind: TCatalogueKind, id: number, body: { name: string; version: number }) {
      const before = await existing(kind, id);
      if (before.version !== body.version) {
        throw conflict();
      }
      await assertFree(kind, before.scopeId, body.name, id);
      if (!(await uniquely(kind, () => repo.rename(kind, before, body.name)))) {
        throw conflict();
      }
      if (kind === 'keywords') {
        loadUserWords([body.name]);
        reindex.start(body.name);
      }
      await audit.record({
        actorId,
        action: 'catalogue.rename',
        targetType: TARGET[kind],
        targetId: id,
        before: { name: before.name },
        after: { name: body.name },
      });
      return catalogue();
    },

    /** Swaps an entry with its neighbour; at either end of the list nothing moves. */
    async move(
      actorId: number,
      kind: TCatalogueKind,
      id: number,
      body: TCatalogueMove & { version: number },
    ) {
      const moved = await existing(kind, id);
      if (moved.version !== body.version) {
        throw conflict();
      }
      const siblings = await repo.entries(kind, moved.scopeId);
      const from = siblings.findIndex((r) => r.id === id);
      const to = body.direction === 'up' ? from - 1 : from + 1;
      if (from < 0 || to < 0 || to >= siblings.length) {
        return catalogue();
      }
      const ids = siblings.map((r) => r.id);
      [ids[from], ids[to]] = [ids[to] as number, ids[from] as number];
      if (!(await repo.reorder(kind, moved, ids))) {
        throw conflict();
      }
      await audit.record({
        actorId,
        action: 'catalogue.move',
        targetType: TARGET[kind],
        targetId: id,
        before: { name: moved.name, position: from + 1 },
        after: { name: moved.name, position: to + 1 },
      });
      return catalogue();
    },

    async impact(kind: TCatalogueKind, id: number): Promise<TCatalogueImpact> {
      return { users: await repo.users(kind, await existing(kind, id)) };
    },

    async remove(actorId: number, kind: TCatalogueKind, id: number, version: number) {
      const before = await existing(kind, id);
      if (before.version !== version) {
        throw conflict();
      }
      const users = await repo.users(kind, before);
      if (!(await repo.remove(kind, before))) {
        throw conflict();
      }
      await audit.record({
        actorId,
        action: 'catalogue.delete',
        targetType: TARGET[kind],
        targetId: id,
        before: { name: before.name, users },
      });
      return catalogue();
    },
  };
}

export type AdminCatalogueService = ReturnType<typeof createAdminCatalogueService>;
