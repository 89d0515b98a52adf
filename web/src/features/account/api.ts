import { useQuery } from '@tanstack/react-query';
import type { TAvatarReply, TUserInfo } from '@portal/contract';
import { accountApi } from '@portal/contract';
import { call } from '../../api/client.ts';

export const accountKeys = {
  userInfo: ['account', 'user-info'] as const,
};

/**
 * The profile. Refusals are handled by the page (session-info failure), at
 * once: no retry before sending the user back to log in.
 */
export function useUserInfo() {
  return useQuery({
    queryKey: accountKeys.userInfo,
    queryFn: ({ signal }) => call(accountApi.userInfo, undefined, { notify: false, signal }),
    retry: false,
  });
}

/** A new nickname: the saved profile. */
export function saveNickname(nickname: string): Promise<TUserInfo> {
  return call(accountApi.setNickname, { nickname }, { notify: false });
}

/** The cropped square picture (multipart `file`). */
export function uploadAvatar(picture: Blob, name: string): Promise<TAvatarReply> {
  const form = new FormData();
  form.append('file', picture, name);
  return call(accountApi.setAvatar, form, { notify: false });
}

/** A new phone, with the code sent to it. */
export function savePhone(phone: string, code: string): Promise<TUserInfo> {
  return call(accountApi.setPhone, { phone, code }, { notify: false });
}
