/** Chinese texts of 在报告中查找 (FindBox.tsx). */
export const FIND_TEXT = {
  find: '在报告中查找',
  findPrev: '上一个结果页',
  findNext: '下一个结果页',
  finding: '查找中…',
  notFound: '未找到',
  foundAt: (at: number, pages: number, count: number) => `第 ${at}/${pages} 页 · 共 ${count} 处`,
} as const;
