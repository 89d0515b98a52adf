/** Chinese texts of the favorites feature. */
export const FAVORITES_TEXT = {
  listTitle: '我的收藏',
  detailsTitle: '收藏夹详情',
  goneTitle: '内容不存在',
  goneDefaultTips: '该内容已被删除或暂时无法访问',
  backToCollection: '返回我的收藏',
} as const;
