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

/** The text of a highlight: optional, at most 2000 characters (issue 21). */
export const validateNoteComment = textRule(maxChars(NOTE_CONTENT_MAX, MSG.noteTooLong));

/** `content` of a highlight, and of an update (which may be a highlight's). */
export const noteCommentField = textSchema(validateNoteComment);
