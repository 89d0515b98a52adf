const BY_EXTENSION: Record<string, string> = {
  pdf: 'application/pdf',
  png: 'image/png',
  jpg: 'image/jpeg',
  jpeg: 'image/jpeg',
  webp: 'image/webp',
  gif: 'image/gif',
  bmp: 'image/bmp',
  svg: 'image/svg+xml',
  mp4: 'video/mp4',
  webm: 'video/webm',
  json: 'application/json',
  txt: 'text/plain; charset=utf-8',
  xlsx: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
  docx: 'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
};

/**
 * The Content-Type a key is served with by adapters that cannot store metadata beside the
 * bytes (the local directory). Our keys always end in their format's extension.
 */
export function contentTypeForKey(key: string): string {
  const dot = key.lastIndexOf('.');
  const extension = dot < 0 ? '' : key.slice(dot + 1).toLowerCase();
  return BY_EXTENSION[extension] ?? 'application/octet-stream';
}
