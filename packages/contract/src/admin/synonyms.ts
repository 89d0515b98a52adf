import { z } from 'zod';
import { MSG } from '../messages.ts';
import { textRule } from '../rules/rule.ts';
import { textSchema } from '../rules/schema.ts';

/**
 * Search synonym groups in the back-office catalogue (issue 19): words a reader means the same
 * by (宁德时代 / CATL / 300750). Search and the digest match any member for any other. The
 * admin types a group as one line, members separated by commas, 、 or semicolons.
 */

export const SYNONYM_WORDS_MIN = 2;
export const SYNONYM_WORDS_MAX = 20;
export const SYNONYM_WORD_MAX = 20;

const SEPARATORS = /[,，、;；\n]+/;
const LETTER_OR_DIGIT = /[\p{L}\p{N}]/u;

/** The members of a typed group: split, trimmed, empty pieces dropped. */
export function synonymWords(text: string): string[] {
  return text
    .split(SEPARATORS)
    .map((w) => w.trim())
    .filter((w) => w !== '');
}

/** Two members are the same word when they differ only in case, width or punctuation (CATL = ｃａｔｌ). */
function sameWordKey(word: string): string {
  return word
    .normalize('NFKC')
    .toLowerCase()
    .replace(/[^\p{L}\p{N}]+/gu, '');
}

export const validateSynonymWords = textRule((text) => {
  const words = synonymWords(text);
  if (words.length < SYNONYM_WORDS_MIN) {
    return MSG.adminSynonymsTooFew;
  }
  if (words.length > SYNONYM_WORDS_MAX) {
    return MSG.adminSynonymsTooMany;
  }
  if (words.some((w) => [...w].length > SYNONYM_WORD_MAX || !LETTER_OR_DIGIT.test(w))) {
    return MSG.adminSynonymWordInvalid;
  }
  if (new Set(words.map(sameWordKey)).size !== words.length) {
    return MSG.adminSynonymsDuplicate;
  }
  return null;
});

export const ZSynonymGroup = z.object({ id: z.number(), words: z.array(z.string()), version: z.number() });
export type TSynonymGroup = z.infer<typeof ZSynonymGroup>;
/** GET /api/admin/catalogue/synonyms and the reply of every write: every group, oldest first. */
export const ZSynonymGroups = z.array(ZSynonymGroup);

const ZVersion = z.coerce.number<number | string>({ error: MSG.badRequest }).int().min(0).max(2_147_483_647);

/** POST …/synonyms: `words` as typed (宁德时代，CATL，300750). */
export const ZSynonymCreate = z.object({ words: textSchema(validateSynonymWords) });
export type TSynonymCreate = z.input<typeof ZSynonymCreate>;
/** PUT …/synonyms/{id}: the group's new members at the version the editor saw. */
export const ZSynonymUpdate = ZSynonymCreate.extend({ version: ZVersion });
export type TSynonymUpdate = z.input<typeof ZSynonymUpdate>;
/** DELETE …/synonyms/{id}?version= */
export const ZSynonymDeleteQuery = z.object({ version: ZVersion });
