import { MSG } from '../messages.ts';
import { NOTE_CONTENT_MAX } from '../constants.ts';
import { maxChars, required, textRule } from './rule.ts';
import { textSchema } from './schema.ts';

/** Note content: required after trimming, at most 2000 characters. */
export const validateNoteContent = textRule(
  required(MSG.noteRequired),
  maxChars(NOTE_CONTENT_MAX, MSG.noteTooLong),
);

/** `content` of note create and update. */
export const noteContentField = textSchema(validateNoteContent);
