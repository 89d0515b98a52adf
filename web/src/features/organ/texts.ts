/** Chinese texts of the organ feature. */
export const ORGAN_TEXT = {
  listTitle: '机构',
  detailTitle: '机构详情',
  productTitle: '机构产品',
  relationTitle: '相关内容',
} as const;
