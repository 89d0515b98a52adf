import { createHash, createHmac, randomUUID, timingSafeEqual } from 'node:crypto';
import { header, startStandIn, type StandInReply, type StandInRequest } from './stand-in-server.ts';

/**
 * Aliyun SMS (dysmsapi SendSms) stand-in that checks each request's ACS3-HMAC-SHA256 signature
 * the way the service does, recomputed from the request and the test's secret:
 *
 *   CanonicalRequest = METHOD \n path \n sorted query (RFC 3986, key=value&…) \n
 *                      signed headers (name:value\n, sorted, host + x-acs-* + content-type) \n
 *                      signed header names (;-joined) \n hex(SHA-256(body))
 *   Authorization    = ACS3-HMAC-SHA256 Credential=<AccessKeyId>,SignedHeaders=…,Signature=
 *                      hex(HMAC-SHA256(secret, "ACS3-HMAC-SHA256\n" + hex(SHA-256(CanonicalRequest))))
 *
 * Replies are shaped as Aliyun's: SendSms answers HTTP 200 with `Code` OK or a business code
 * (isv.BUSINESS_LIMIT_CONTROL, isv.AMOUNT_NOT_ENOUGH…); a bad signature is HTTP 400 with
 * SignatureDoesNotMatch.
 */
export type AliyunOutcome = { code: 'OK' } | { code: string; message: string };

const encode = (s: string) =>
  encodeURIComponent(s).replace(/[!'()*]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`);
const sha256Hex = (data: Buffer | string) => createHash('sha256').update(data).digest('hex');

/** Why the request's signature is not valid for `secrets`, or null when it is. */
export function aliyunSignatureProblem(
  request: StandInRequest,
  secrets: Record<string, string>,
): string | null {
  const auth = /^ACS3-HMAC-SHA256 Credential=([^,]+),SignedHeaders=([^,]+),Signature=([0-9a-f]{64})$/.exec(
    header(request, 'authorization'),
  );
  if (!auth) {
    return 'no ACS3-HMAC-SHA256 Authorization';
  }
  const [, keyId = '', signedList = '', signature = ''] = auth;
  const secret = secrets[keyId];
  if (secret === undefined) {
    return `unknown AccessKeyId ${keyId}`;
  }
  const signed = signedList.split(';');
  for (const required of [
    'host',
    'x-acs-action',
    'x-acs-content-sha256',
    'x-acs-date',
    'x-acs-signature-nonce',
  ]) {
    if (!signed.includes(required)) {
      return `${required} is not signed`;
    }
  }
  if (header(request, 'x-acs-content-sha256') !== sha256Hex(request.body)) {
    return 'x-acs-content-sha256 is not the hash of the body';
  }
  if (Math.abs(Date.parse(header(request, 'x-acs-date')) - Date.now()) > 15 * 60_000) {
    return 'x-acs-date is more than 15 minutes off';
  }
  const query = [...request.url.searchParams.keys()]
    .sort()
    .map((k) => `${encode(k)}=${encode(request.url.searchParams.get(k) ?? '')}`)
    .join('&');
  const headers = [...signed]
    .sort()
    .map((h) => `${h}:${header(request, h).trim()}\n`)
    .join('');
  const canonical = [
    request.method,
    request.url.pathname,
    query,
    headers,
    signed.join(';'),
    sha256Hex(request.body),
  ].join('\n');
  const expected = createHmac('sha256', secret)
    .update(`ACS3-HMAC-SHA256\n${sha256Hex(canonical)}`)
    .digest();
  return timingSafeEqual(expected, Buffer.from(signature, 'hex')) ? null : 'signature does not match';
}

/** Starts the stand-in; `outcome` decides what a correctly signed SendSms gets. */
export async function startAliyunStandIn(secrets: Record<string, string>) {
  const state: { outcome: AliyunOutcome } = { outcome: { code: 'OK' } };
  const signatureProblems: string[] = [];
  const answer = (request: StandInRequest): StandInReply => {
    const RequestId = randomUUID().toUpperCase();
    const problem = aliyunSignatureProblem(request, secrets);
    if (problem) {
      signatureProblems.push(problem);
      return {
        status: 400,
        body: {
          RequestId,
          HostId: 'dysmsapi.aliyuncs.com',
          Code: 'SignatureDoesNotMatch',
          Message: `Specified signature does not match our calculation. ${problem}`,
        },
      };
    }
    if (header(request, 'x-acs-action') !== 'SendSms') {
      return { status: 404, body: { RequestId, Code: 'InvalidAction.NotFound', Message: 'no such action' } };
    }
    const { outcome } = state;
    return {
      status: 200,
      body:
        outcome.code === 'OK'
          ? { Code: 'OK', Message: 'OK', BizId: '900619746936498440^0', RequestId }
          : { Code: outcome.code, Message: 'message' in outcome ? outcome.message : '', RequestId },
    };
  };
  const server = await startStandIn(answer);
  return {
    ...server,
    signatureProblems,
    /** What correctly signed sends get from now on. */
    answerWith(outcome: AliyunOutcome) {
      state.outcome = outcome;
    },
    /** The SendSms parameters of the newest request. */
    lastSend(): Record<string, string> {
      const last = server.requests.at(-1);
      return last ? Object.fromEntries(last.url.searchParams) : {};
    },
  };
}
