import { z } from 'zod';
import { MSG } from '../messages.ts';
import { DEFAULT_FOLDER_NAME, FOLDER_NAME_MAX_COUNTED, FOLDER_REMARK_MAX } from '../constants.ts';
import type { TCheck } from './rule.ts';
import { maxChars, maxCounted, required, textRule } from './rule.ts';
import { textSchema } from './schema.ts';

/** A second "自由收藏夹" could not be told apart from the built-in one. */
const notDefaultFolderName: TCheck = (text) => (text === DEFAULT_FOLDER_NAME ? MSG.folderNameReserved : null);

/** Favourite folder name: required, not the built-in folder's name, at most 30 counted characters. */
export const validateFolderName = textRule(
  required(MSG.folderNameRequired),
  notDefaultFolderName,
  maxCounted(FOLDER_NAME_MAX_COUNTED, MSG.folderNameTooLong),
);

/** Folder description (`remark`): optional, at most 200 characters. */
export const validateFolderRemark = textRule(maxChars(FOLDER_REMARK_MAX, MSG.folderRemarkTooLong));

export const folderNameField = textSchema(validateFolderName);
export const folderRemarkField = textSchema(validateFolderRemark).default('');

/** What the user types into the folder dialog; create sends it, update adds the folder's id. */
export const ZFolderForm = z.object({ name: folderNameField, remark: folderRemarkField });
export type TFolderForm = z.infer<typeof ZFolderForm>;
