/**
 * Why a fetch failed, in the short Chinese the back-office shows as the source's last error.
 * `refused` marks the SSRF rule (the address is private and not allow-listed).
 */
export class FeedFetchError extends Error {
  constructor(
    message: string,
    readonly kind:
      'refused' | 'network' | 'http' | 'timeout' | 'too_large' | 'redirects' | 'format' = 'network',
    options?: ErrorOptions,
  ) {
    super(message, options);
    this.name = 'FeedFetchError';
  }
}

export const FETCH_TEXT = {
  badScheme: '只支持 http 或 https 地址',
  badUrl: '地址格式不对',
  refused: '该地址指向本机或内网，出于安全原因不能抓取',
  dnsFailed: '无法解析域名',
  connectFailed: '连接失败',
  timeout: '抓取超时',
  tooLarge: (mb: number) => `内容超过 ${mb} MB`,
  tooManyRedirects: '重定向次数过多',
  badRedirect: '重定向地址无效',
  httpStatus: (status: number) => `服务器返回 ${status}`,
} as const;
