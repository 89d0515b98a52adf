import { callProvider } from '../http-call.ts';
import type { Clock } from '../clock.ts';
import type { WechatApp } from '../../config.ts';
import { createAccessToken, TOKEN_REFUSED, WechatApiError } from './access-token.ts';

export type MiniProgramApp = WechatApp & {
  /** The mini-program page the code opens (WX_MINI_PAGE); '' opens the home page. */
  page: string;
};

export type MiniProgramCodes = ReturnType<typeof createMiniProgramCodes>;
export type CodeImage = { contentType: 'image/png' | 'image/jpeg'; bytes: Buffer };

/** WeChat's limit for `scene`: 32 visible characters. */
export const MAX_SCENE_LENGTH = 32;
/** Codes kept per process; an item's code never changes, so this only bounds memory (~20 KB each). */
const CACHE_ENTRIES = 2000;
/** Pixels; WeChat's default (430) is more than the 100 × 100 the page shows, twice over. */
const WIDTH = 280;

const PNG = Buffer.from([0x89, 0x50, 0x4e, 0x47]);
const JPEG = Buffer.from([0xff, 0xd8, 0xff]);

function parseJson(bytes: Buffer): { errcode?: unknown; errmsg?: unknown } | null {
  try {
    return JSON.parse(bytes.toString('utf8')) as { errcode?: unknown; errmsg?: unknown } | null;
  } catch {
    return null;
  }
}

/**
 * Mini-program codes (`wxacode.getUnlimited`: `POST {api}/wxa/getwxacodeunlimit?access_token=`)
 * for a `scene` naming an item. WeChat answers an image, or JSON `{errcode, errmsg}`: a refused
 * token (40001/42001) is renewed and the call tried once more; any other errcode throws
 * WechatApiError, a network failure ProviderError. Generated codes are kept per scene.
 */
export function createMiniProgramCodes(deps: { apiBase: string; app: MiniProgramApp; clock: Clock }) {
  const { apiBase, app } = deps;
  const token = createAccessToken(apiBase, app, deps.clock);
  const cache = new Map<string, CodeImage>();

  const request = async (scene: string): Promise<CodeImage> => {
    for (let attempt = 0; ; attempt++) {
      const accessToken = await token.get();
      const res = await callProvider(
        'wechat',
        `${apiBase}/wxa/getwxacodeunlimit?access_token=${encodeURIComponent(accessToken)}`,
        {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify({ scene, width: WIDTH, ...(app.page ? { page: app.page } : {}) }),
        },
      );
      const bytes = Buffer.from(await res.arrayBuffer());
      const contentType = bytes.subarray(0, 4).equals(PNG)
        ? 'image/png'
        : bytes.subarray(0, 3).equals(JPEG)
          ? 'image/jpeg'
          : null;
      if (contentType) {
        return { contentType, bytes };
      }
      const body = parseJson(bytes);
      const errcode = typeof body?.errcode === 'number' ? body.errcode : -1;
      if (TOKEN_REFUSED.has(errcode) && attempt === 0) {
        token.invalidate(accessToken);
        continue;
      }
      throw new WechatApiError(errcode, String(body?.errmsg ?? 'reply is neither an image nor JSON'));
    }
  };

  return {
    /** The code for `scene` (≤ 32 characters), from the cache or from WeChat. */
    async codeFor(scene: string): Promise<CodeImage> {
      if (scene.length > MAX_SCENE_LENGTH) {
        throw new RangeError(`scene longer than ${MAX_SCENE_LENGTH}: ${scene}`);
      }
      const hit = cache.get(scene);
      if (hit) {
        return hit;
      }
      const image = await request(scene);
      if (cache.size >= CACHE_ENTRIES) {
        // Oldest first: Maps iterate in insertion order.
        cache.delete(cache.keys().next().value ?? '');
      }
      cache.set(scene, image);
      return image;
    },
  };
}
