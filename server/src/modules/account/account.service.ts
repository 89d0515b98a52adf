import { randomUUID } from 'node:crypto';
import { MSG, type TUserInfo } from '@portal/contract';
import { AppError } from '../../http/app-error.ts';
import type { Clock } from '../../platform/clock.ts';
import type { Storage } from '../../platform/storage/storage.ts';
import type { AuthRepo } from '../auth/auth.repo.ts';
import type { FileUrls } from '../files/signed-url.ts';
import type { Users } from '../users/users.service.ts';
import { boundedImageSize, type ImageBounds } from '../../platform/images/image-bounds.ts';
import { IMAGE_FORMAT, type ImageUpload } from './image-upload.ts';
import { consumePhoneCode, type WrongCodeLimit } from '../auth/phone-code.ts';

/** Avatars live under `avatars/<user id>/`; only those are ever deleted on replacement. */
const avatarPrefix = (userId: number) => `avatars/${userId}`;
const FILES_URL = '/files/';

/** The avatar as an image, never larger than this on a side (the web sends 256 × 256). */
export const AVATAR_MAX_SIDE = 2048;
const AVATAR_BOUNDS: ImageBounds = { maxSide: AVATAR_MAX_SIDE, maxPixels: AVATAR_MAX_SIDE * AVATAR_MAX_SIDE };

/**
 * Phone-change attempts per user and per client IP per hour: a person retyping a code needs a
 * few; the caps stop scripted guessing (the code's own 5 tries and the per-phone wrong-code cap
 * still apply within them).
 */
export const PHONE_CHANGE_PER_USER_PER_HOUR = 10;
export const PHONE_CHANGE_PER_IP_PER_HOUR = 30;
const HOUR_SECONDS = 3600;

export type AccountService = ReturnType<typeof createAccountService>;

/** Personal settings (spec §2 /self/self_setting): profile, nickname, avatar, phone. */
export function createAccountService(deps: {
  /** The profile row lives in the users module. */
  users: Users;
  auth: AuthRepo;
  storage: Storage;
  clock: Clock;
  fileUrls: FileUrls;
  /** Phone-change throttles, and the per-phone cap on wrong codes that login shares. */
  wrongCodes: WrongCodeLimit;
}) {
  const { users, auth, storage, clock, fileUrls, wrongCodes } = deps;
  const { limiter } = wrongCodes;

  const profile = async (userId: number): Promise<TUserInfo> => {
    const row = await users.profile(userId);
    if (!row) {
      throw AppError.unauthorized();
    }
    // An avatar is private: its URL is signed for its owner on every read.
    return { ...row, avatar: fileUrls.forUrl(row.avatar) };
  };

  /** Deletes a replaced avatar when it is one of this user's stored files. */
  const forget = async (userId: number, url: string) => {
    const key = url.startsWith(FILES_URL) ? url.slice(FILES_URL.length) : '';
    if (key.startsWith(`${avatarPrefix(userId)}/`)) {
      await storage.delete(key);
    }
  };

  return {
    profile,

    async setNickname(userId: number, nickname: string): Promise<TUserInfo> {
      await users.setNickname(userId, nickname);
      return profile(userId);
    },

    /** update_user_info: the nickname and/or back to no avatar (''). */
    async update(userId: number, fields: { nickname?: string; avatar?: '' }): Promise<TUserInfo> {
      if (fields.nickname !== undefined) {
        await users.setNickname(userId, fields.nickname);
      }
      if (fields.avatar !== undefined) {
        await forget(userId, await users.setAvatar(userId, ''));
      }
      return profile(userId);
    },

    /**
     * Stores the checked bytes themselves (the web cropped them square with a canvas) and
     * points the profile at them. A picture that is not square is refused: the crop is part
     * of the contract, and a different-shaped image would be distorted in the round avatar.
     */
    async setAvatar(userId: number, image: ImageUpload): Promise<string> {
      const size = boundedImageSize(image.bytes, image.type, AVATAR_BOUNDS);
      if (!size || size.width !== size.height) {
        throw AppError.badRequest(MSG.uploadFailed);
      }
      const format = IMAGE_FORMAT[image.type];
      const key = `${avatarPrefix(userId)}/${randomUUID()}.${format.ext}`;
      await storage.put(key, image.bytes, format.contentType);
      const url = `${FILES_URL}${key}`;
      await forget(userId, await users.setAvatar(userId, url));
      return fileUrls.forUrl(url);
    },

    /**
     * Moves the account to a new phone proven by the SMS code sent to it. Throttled per user and
     * per IP, and the code is checked before anything about the target phone: without the code a
     * caller cannot tell a registered phone from a free one (same status, same message). Whoever
     * has the code holds that phone, so only they learn it belongs to another account.
     */
    async setPhone(userId: number, phone: string, code: string, ip: string): Promise<TUserInfo> {
      if (
        !(await limiter.hit(`phone-change:ip:${ip}`, PHONE_CHANGE_PER_IP_PER_HOUR, HOUR_SECONDS)) ||
        !(await limiter.hit(`phone-change:user:${userId}`, PHONE_CHANGE_PER_USER_PER_HOUR, HOUR_SECONDS))
      ) {
        throw AppError.tooManyRequests();
      }
      const current = await profile(userId);
      if (current.phone === phone) {
        throw AppError.badRequest(MSG.phoneSame);
      }
      await consumePhoneCode(auth, phone, code, clock.now().getTime(), wrongCodes);
      if ((await users.idByPhone(phone)) !== undefined || !(await users.setPhone(userId, phone))) {
        throw AppError.badRequest(MSG.phoneTaken);
      }
      return profile(userId);
    },
  };
}
