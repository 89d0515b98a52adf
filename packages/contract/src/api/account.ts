import type {
  TPrivacyPolicy,
  TUserInfo,
  ZSetNicknameRequest,
  ZSetPhoneRequest,
  ZUpdateUserInfoRequest,
} from '../account.ts';
import type { TAvatarReply } from '../feedback.ts';
import type { TUserPreferences, ZUserPreferencesUpdate } from '../preferences.ts';
import type { z } from 'zod';
import type { TMultipart } from './endpoint.ts';
import { get, post } from './endpoint.ts';

/** The signed-in user's own settings (spec §7 "Personal settings"), display preferences and the privacy policy. */
export const accountApi = {
  userInfo: get('/api/user/set/get_user_info').returns<TUserInfo>(),
  /** Nickname and/or avatar back to the initial (`avatar: ''`) in one call. */
  updateUserInfo: post('/api/user/set/update_user_info')
    .takes<z.input<typeof ZUpdateUserInfoRequest>>()
    .returns<TUserInfo>(),
  setNickname: post('/api/user/set/nickname')
    .takes<z.input<typeof ZSetNicknameRequest>>()
    .returns<TUserInfo>(),
  /** Multipart `file`: the cropped square picture. */
  setAvatar: post('/api/user/set/avatar').takes<TMultipart>().returns<TAvatarReply>(),
  /** The new phone and the SMS code sent to it. */
  setPhone: post('/api/user/set/phone').takes<z.input<typeof ZSetPhoneRequest>>().returns<TUserInfo>(),
  /** Anonymous: the policy text the operator may replace. */
  privacyPolicy: get('/api/user_private').returns<TPrivacyPolicy>(),
  preferences: get('/api/user/preferences').returns<TUserPreferences>(),
  /** The preferences it changes; the reply is all of them. */
  savePreferences: post('/api/user/preferences')
    .takes<z.input<typeof ZUserPreferencesUpdate>>()
    .returns<TUserPreferences>(),
};
