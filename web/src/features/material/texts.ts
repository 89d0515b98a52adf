/** Chinese texts of the material feature. */
export const MATERIAL_TEXT = {
  listTitle: '素材',
  listLabel: '素材列表',
  detailsTitle: '素材详情',
  allTitle: '全部素材',
} as const;
