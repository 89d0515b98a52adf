/** Chinese texts of the legal feature. */
export const LEGAL_TEXT = {
  privacyTitle: '用户隐私政策',
} as const;
