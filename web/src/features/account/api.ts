import { useQuery } from '@tanstack/react-query';
import type { TAvatarReply, TUserInfo } from '@portal/contract';
import { api } from '../../api/client.ts';

export const accountKeys = {
  userInfo: ['account', 'user-info'] as const,
};

/**
 * GET /api/user/set/get_user_info. Refusals are handled by the page (session-info failure), at
 * once: no retry before sending the user back to log in.
 */
export function useUserInfo() {
  return useQuery({
    queryKey: accountKeys.userInfo,
    queryFn: ({ signal }) =>
      api.get<TUserInfo>('/api/user/set/get_user_info', undefined, { notify: false, signal }),
    retry: false,
  });
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
