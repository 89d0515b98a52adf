/** Chinese texts of the PDF reader. */
export const PDF_READER_TEXT = {
  dialog: '报告阅读器',
  zoomIn: '放大',
  zoomOut: '缩小',
  zoomLevel: '缩放比例',
  download: '下载',
  page: '页码',
  thumbnails: '页面缩略图',
  pages: '报告页面',
  pageN: (n: number) => `第 ${n} 页`,
  ofTotal: (total: number) => `/ ${total}`,
  loading: '正在加载文档…',
  failed: '文档加载失败，请下载后查看',
} as const;
