import type { TAvatarReply, TUserInfo } from '@portal/contract';
import { api } from '../../api/client.ts';

/** GET /api/user/set/get_user_info. Refusals are handled by the page (session-info failure). */
export function fetchUserInfo(): Promise<TUserInfo> {
  return api.get<TUserInfo>('/api/user/set/get_user_info', undefined, { notify: false });
}

/** POST /api/user/set/nickname: the saved profile. */
export function saveNickname(nickname: string): Promise<TUserInfo> {
  return api.post<TUserInfo>('/api/user/set/nickname', { nickname }, { notify: false });
}

/** POST /api/user/set/avatar (multipart `file`): the cropped square picture. */
export function uploadAvatar(picture: Blob, name: string): Promise<TAvatarReply> {
  const form = new FormData();
  form.append('file', picture, name);
  return api.post<TAvatarReply>('/api/user/set/avatar', form, { notify: false });
}

/** POST /api/user/set/phone with the code sent to the new phone. */
export function savePhone(phone: string, code: string): Promise<TUserInfo> {
  return api.post<TUserInfo>('/api/user/set/phone', { phone, code }, { notify: false });
}
