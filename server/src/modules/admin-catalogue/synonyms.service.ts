import { MSG, ResultCode, synonymWords, type TSynonymGroup } from '@portal/contract';
import { AppError } from '../../http/app-error.ts';
import type { Clock } from '../../platform/clock.ts';
import type { AuditLog } from '../audit/audit.service.ts';
import type { SynonymSource } from '../search/synonym-source.ts';
import type { SynonymsRepo } from './synonyms.repo.ts';

const conflict = () => new AppError(409, ResultCode.failure, MSG.adminVersionConflict);
const notFound = () => AppError.notFound(MSG.adminCatalogueNotFound);

/**
 * Search synonym groups (issue 19): create, edit and delete, at the editor's version (409
 * otherwise), audited (`synonyms.create` / `update` / `delete`, target `synonym_group`). Search
 * on this process uses an edit at once (`source.invalidate`), other processes within
 * SYNONYM_TTL_MS; nothing is re-indexed (synonyms apply at query time).
 */
export function createSynonymsService(deps: {
  repo: SynonymsRepo;
  audit: AuditLog;
  clock: Clock;
  source: SynonymSource;
}) {
  const { repo, audit, clock, source } = deps;

  async function existing(id: number) {
    const group = await repo.get(id);
    if (!group) {
      throw notFound();
    }
    return group;
  }

  async function changed(): Promise<TSynonymGroup[]> {
    source.invalidate();
    return repo.list();
  }

  return {
    list: (): Promise<TSynonymGroup[]> => repo.list(),

    async create(actorId: number, typed: string): Promise<TSynonymGroup[]> {
      const words = synonymWords(typed);
      const id = await repo.insert(words, clock.now().getTime());
      await audit.record({
        actorId,
        action: 'synonyms.create',
        targetType: 'synonym_group',
        targetId: id,
        after: { words },
      });
      return changed();
    },

    async update(actorId: number, id: number, body: { words: string; version: number }) {
      const before = await existing(id);
      const words = synonymWords(body.words);
      if (
        before.version !== body.version ||
        !(await repo.update(id, body.version, words, clock.now().getTime()))
      ) {
        throw conflict();
      }
      await audit.record({
        actorId,
        action: 'synonyms.update',
        targetType: 'synonym_group',
        targetId: id,
        before: { words: before.words },
        after: { words },
      });
      return changed();
    },

    async remove(actorId: number, id: number, version: number) {
      const before = await existing(id);
      if (before.version !== version || !(await repo.remove(id, version))) {
        throw conflict();
      }
      await audit.record({
        actorId,
        action: 'synonyms.delete',
        targetType: 'synonym_group',
        targetId: id,
        before: { words: before.words },
      });
      return changed();
    },
  };
}

export type SynonymsService = ReturnType<typeof createSynonymsService>;
