import type {
  TCompanyTypeRequest,
  THeadlineListReply,
  THeadlineListRequest,
  TSetEmailReply,
  TSubscribeUpdateRequest,
} from '@portal/contract';
import { subscribeInfoQueryKey, subscriptionsApi } from '@portal/contract';
import { useQuery } from '@tanstack/react-query';
import { call } from '../../api/client.ts';
import { SESSION_COOKIES, writeCookie } from '../../api/cookies.ts';
import { useFreshQuery } from '../../api/useFreshQuery.ts';

export const subscriptionKeys = {
  info: subscribeInfoQueryKey,
};

const fetchSubscribeInfo = ({ signal }: { signal: AbortSignal }) =>
  call(subscriptionsApi.info, undefined, { signal });

/**
 * GET /api/business/subscribe/info: catalogue, the user's choices, e-mail and sidebar states.
 * Fresh on every mount: the forms seed their drafts from it and several screens save it.
 */
export function useSubscribeInfo() {
  return useFreshQuery({ queryKey: subscriptionKeys.info, queryFn: fetchSubscribeInfo });
}

/**
 * The same reply for the /headlines sidebar, which shows what it already has — the page's HTML
 * brings it (first-data.ts), or an earlier visit left it — while it asks again on every mount:
 * its switches save one keyword at a time and patch this cache, so nothing is edited from a stale
 * copy, and the list it narrows renders from the HTML on a full load.
 */
export function useSubscribeInfoShown() {
  return useQuery({ queryKey: subscriptionKeys.info, queryFn: fetchSubscribeInfo, refetchOnMount: 'always' });
}

/** Onboarding step 1 (POST /api/user/set/company_type); refusals come back as messages to show inline. */
export async function saveCompanyType(body: TCompanyTypeRequest): Promise<void> {
  await call(subscriptionsApi.companyType, body, { notify: false });
  writeCookie(SESSION_COOKIES.companyTypeStatus, '1');
}

/** POST /api/business/subscribe/update; afterwards the session counts as onboarded. */
export async function saveSubscription(body: TSubscribeUpdateRequest): Promise<void> {
  await call(subscriptionsApi.update, body, { notify: false });
  writeCookie(SESSION_COOKIES.companyTypeStatus, '1');
  writeCookie(SESSION_COOKIES.keywordStatus, '1');
}

/** The /headlines sidebar toggle: 1 shown, 0 hidden. */
export async function saveKeywordStatus(keyword: string, status: 0 | 1): Promise<void> {
  await call(subscriptionsApi.keywordStatus, { keyword, status });
}

/** POST /api/business/list: one page of the user's headline list. */
export function fetchHeadlines(
  body: THeadlineListRequest,
  signal?: AbortSignal,
): Promise<THeadlineListReply> {
  return call(subscriptionsApi.headlines, body, { signal });
}

/** GET /api/email/send/code: mails a 6-digit code to the new address. */
export async function sendEmailCode(email: string): Promise<void> {
  await call(subscriptionsApi.emailCode, { email }, { notify: false });
}

/** POST /api/user/set/email with the mailed code. */
export function setEmail(email: string, code: string): Promise<TSetEmailReply> {
  return call(subscriptionsApi.setEmail, { email, code }, { notify: false });
}
