import type { FastifyPluginAsync } from 'fastify';
import type { Db } from '../../db/database.ts';
import type { Clock } from '../../platform/clock.ts';
import type { SearchIndex } from '../../search/search.types.ts';
import { restampSearchIndex } from './search-restamp.ts';

/**
 * How often the scheduling process brings the index up to the current word stamp. Words come
 * from readers' own keywords, new organisations and synonyms at any time; until a pass runs,
 * such a word is found through its bigram phrase (right, only slower at scale). A pass with
 * nothing to do is one index probe.
 */
export const RESTAMP_EVERY_MS = 15 * 60_000;

/**
 * The re-stamp pass on a timer, where `schedule` is on (the process that runs the digest). Other
 * processes only register, on the same timer, the words their readers searched for
 * (`SearchIndex.syncWords`), for the scheduling process's next pass to walk.
 */
export function searchRestampModule({
  db,
  search,
  clock,
  schedule,
}: {
  db: Db;
  search: SearchIndex;
  clock: Clock;
  schedule: boolean;
}): FastifyPluginAsync {
  return async (app) => {
    let timer: NodeJS.Timeout | undefined;
    let busy: Promise<void> = Promise.resolve();
    const run = () => {
      busy = busy
        .then(async () => {
          if (!schedule) {
            await search.syncWords();
            return;
          }
          const { raised, rebuilt } = await restampSearchIndex({ db, search, clock });
          if (raised + rebuilt > 0) {
            app.log.info({ raised, rebuilt }, 'search index: documents brought up to the word stamp');
          }
        })
        .catch((err: unknown) => app.log.error({ err }, 'search re-stamp failed'));
    };
    app.addHook('onReady', async () => {
      timer = setInterval(run, RESTAMP_EVERY_MS);
      timer.unref();
    });
    app.addHook('onClose', async () => {
      clearInterval(timer);
      await busy;
    });
  };
}
