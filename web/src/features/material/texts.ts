/** Chinese texts of the material feature. */
export const MATERIAL_TEXT = {
  listTitle: '素材',
  detailsTitle: '素材详情',
  allTitle: '全部素材',
} as const;
