/** Chinese texts of the feedback feature. */
export const FEEDBACK_TEXT = {
  title: '意见反馈',
} as const;
