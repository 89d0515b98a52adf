import { PagePlaceholder } from '../../../components/PagePlaceholder.tsx';
import { NOTES_TEXT } from '../texts.ts';

/** 我的笔记 (/notes). A placeholder until this capability is built. */
export function NotesPage() {
  return <PagePlaceholder title={NOTES_TEXT.listTitle} />;
}
