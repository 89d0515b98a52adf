/** Chinese texts of the notes feature. */
export const NOTES_TEXT = {
  listTitle: '我的笔记',
} as const;
