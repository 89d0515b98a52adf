/**
 * Who may fetch a stored file, decided by its key alone, so files stored before signing existed
 * (the demo library, earlier uploads) keep working without a migration:
 *
 * - `public`: shown on pages and in lists every user shares (and cached between users):
 *   banners, material posters, insight-topic covers, report covers, organisation logos and media.
 * - `private`: a report's PDF and page images (they are the report), feedback screenshots,
 *   avatars, insight-topic files (restricted topics among them), and any key not listed as public:
 *   served only with a signed URL, which the API hands out after its own permission check.
 * - `internal`: server-side caches (converted Office files), never served.
 *
 * New public uploads (the back-office's banners, covers, logos) go under `public/`.
 */
export type FileAccess = 'public' | 'private' | 'internal';

const PUBLIC_KEYS: readonly RegExp[] = [
  /^public\//,
  /^demo\/banners\//,
  /^demo\/materials\//,
  /^demo\/organisations\//,
  // Topic covers sit beside the topics' files folder, never inside it.
  /^demo\/analyses\/[^/]+\.png$/,
  // A report's cover is its card in every list; its PDF and pages beside it are private.
  /^(?:demo\/)?reports\/(?:[^/]+\/)+cover\.png$/,
];

const INTERNAL_KEYS: readonly RegExp[] = [/^cache\//];

export function fileAccessOf(key: string): FileAccess {
  if (INTERNAL_KEYS.some((pattern) => pattern.test(key))) {
    return 'internal';
  }
  return PUBLIC_KEYS.some((pattern) => pattern.test(key)) ? 'public' : 'private';
}
