/** Chinese texts of the admin feature. */
export const ADMIN_TEXT = {
  title: '管理后台',
} as const;
