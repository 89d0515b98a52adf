/** Chinese texts of the headlines feature. */
export const HEADLINES_TEXT = {
  listTitle: '商业头条',
  detailsTitle: '头条详情',
  sharedTitle: '商业头条',
  loginForMore: '登录查看完整内容',
} as const;
