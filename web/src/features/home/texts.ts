/** Chinese texts of the home feature. */
export const HOME_TEXT = {
  title: '首页',
  listLabel: '首页推荐内容',
  carousel: '首页轮播',
  slide: (index: number, count: number, title: string) => `第 ${index} 张，共 ${count} 张：${title}`,
  previousSlide: '上一张',
  nextSlide: '下一张',
  goToSlide: (index: number) => `切换到第 ${index} 张`,
} as const;
