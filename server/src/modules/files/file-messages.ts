/** Replies of GET /files/* (server-only: the web shows files, never these texts). */
export const FILE_MSG = {
  badPath: '文件地址无效',
  notFound: '文件不存在或已删除',
  linkMissing: '该文件仅限有权限的用户查看，请登录后从页面中打开',
  linkInvalid: '文件链接无效，请刷新页面后重试',
  linkExpired: '文件链接已过期，请刷新页面后重试',
} as const;
