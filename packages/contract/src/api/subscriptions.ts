import type {
  TCompanyTypeReply,
  THeadlineListReply,
  THeadlineListRequest,
  TKeywordStatusReply,
  TKeywordStatusRequest,
  TSetEmailReply,
  TSubscribeInfoReply,
  TSubscribeUpdateReply,
} from '../subscriptions.ts';
import type {
  TKeywordMuteReply,
  TKeywordMuteRequest,
  TKeywordPreview,
  ZKeywordPreviewQuery,
} from '../alerts.ts';
import type { TCompanyTypeRequest, TSubscribeUpdateRequest } from '../rules/subscription.ts';
import type { TEmailCodeQuery, TSetEmailRequest } from '../rules/email-change.ts';
import type { z } from 'zod';
import { get, post } from './endpoint.ts';

/** Keyword subscriptions, the headline list, onboarding's company type and the e-mail change. */
export const subscriptionsApi = {
  info: get('/api/business/subscribe/info').returns<TSubscribeInfoReply>(),
  update: post('/api/business/subscribe/update')
    .takes<TSubscribeUpdateRequest>()
    .returns<TSubscribeUpdateReply>(),
  /** Onboarding step 1. */
  companyType: post('/api/user/set/company_type').takes<TCompanyTypeRequest>().returns<TCompanyTypeReply>(),
  /** The /headlines sidebar toggle: 1 shown, 0 hidden. */
  keywordStatus: post('/api/business/subscribe/keyword/status')
    .takes<TKeywordStatusRequest>()
    .returns<TKeywordStatusReply>(),
  /** 不再接收 (1) or its undo (0) of a keyword in the daily digest. */
  keywordMute: post('/api/business/subscribe/keyword/mute')
    .takes<TKeywordMuteRequest>()
    .returns<TKeywordMuteReply>(),
  /** What a keyword matched over the last week, as the digest matches. */
  preview: get('/api/business/subscribe/preview')
    .takes<z.input<typeof ZKeywordPreviewQuery>>()
    .returns<TKeywordPreview>(),
  /** One page of the user's headline list. */
  headlines: post('/api/business/list').takes<THeadlineListRequest>().returns<THeadlineListReply>(),
  /** Mails a 6-digit code to the new address. */
  emailCode: get('/api/email/send/code').takes<TEmailCodeQuery>().returns<null>(),
  setEmail: post('/api/user/set/email').takes<TSetEmailRequest>().returns<TSetEmailReply>(),
};
