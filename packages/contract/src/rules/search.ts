import { MSG } from '../messages.ts';
import { SEARCH_TEXT_MAX } from '../constants.ts';
import { maxChars, required, textRule } from './rule.ts';
import { textSchema } from './schema.ts';

/** Search box text: required after trimming, at most 100 characters. */
export const validateSearchText = textRule(
  required(MSG.searchRequired),
  maxChars(SEARCH_TEXT_MAX, MSG.searchTooLong),
);

/** `keyword` of a search typed by the user. */
export const searchTextField = textSchema(validateSearchText);
