import { validateAdminDescription, validateAdminShortText, validateAdminTitle } from '@portal/contract';
import type { TEditField } from '../../components/FieldsEditDrawer.tsx';
import { ADMIN_TEXT } from '../../texts.ts';

/** What the insight-topic text editor edits (viewer settings and files: ViewerDrawer). */
export const ANALYSIS_FIELDS: readonly TEditField[] = [
  { name: 'title', label: ADMIN_TEXT.fieldTitle, validate: validateAdminTitle },
  { name: 'creator', label: ADMIN_TEXT.fieldCreator, validate: validateAdminShortText },
  { name: 'description', label: ADMIN_TEXT.fieldDescription, validate: validateAdminDescription, long: true },
];
