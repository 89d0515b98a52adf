import { createHash, createHmac, randomUUID, timingSafeEqual } from 'node:crypto';
import { header, startStandIn, type StandInReply, type StandInRequest } from './stand-in-server.ts';

/**
 * Tencent Cloud SMS (2021-01-11 SendSms) stand-in that checks each request's TC3-HMAC-SHA256
 * signature the way the service does, recomputed from the request and the test's secret:
 *
 *   CanonicalRequest = METHOD \n path \n query \n content-type:…\nhost:<hostname>\n \n
 *                      content-type;host \n hex(SHA-256(body))
 *   StringToSign     = TC3-HMAC-SHA256 \n X-TC-Timestamp \n <date>/<service>/tc3_request \n
 *                      hex(SHA-256(CanonicalRequest))
 *   key              = HMAC(HMAC(HMAC("TC3" + SecretKey, date), service), "tc3_request")
 *
 * The service is the endpoint's first label, as the SDK derives it. Replies are shaped as
 * Tencent's: HTTP 200 always; a call-level refusal in `Response.Error`, a per-phone result in
 * `Response.SendStatusSet[].Code` (Ok, LimitExceeded.PhoneNumberDailyLimit…).
 */
export type TencentOutcome =
  | { code: 'Ok' }
  /** A refusal for the phone (flow control, invalid number): an otherwise successful reply. */
  | { phoneCode: string; message: string }
  /** A refusal of the whole call. */
  | { errorCode: string; message: string };

const sha256Hex = (data: Buffer | string) => createHash('sha256').update(data).digest('hex');
const hmac = (key: Buffer | string, data: string) => createHmac('sha256', key).update(data).digest();

/** Why the request's signature is not valid for `secrets` (SecretId → SecretKey), or null. */
export function tencentSignatureProblem(
  request: StandInRequest,
  secrets: Record<string, string>,
): string | null {
  const auth =
    /^TC3-HMAC-SHA256 Credential=([^/]+)\/(\d{4}-\d{2}-\d{2})\/([^/]+)\/tc3_request, SignedHeaders=([^,]+), Signature=([0-9a-f]{64})$/.exec(
      header(request, 'authorization'),
    );
  if (!auth) {
    return 'no TC3-HMAC-SHA256 Authorization';
  }
  const [, secretId = '', date = '', service = '', signedList = '', signature = ''] = auth;
  const secret = secrets[secretId];
  if (secret === undefined) {
    return `unknown SecretId ${secretId}`;
  }
  const hostname = request.url.hostname;
  if (service !== hostname.split('.')[0]) {
    return `credential scope names service ${service}`;
  }
  const timestamp = Number(header(request, 'x-tc-timestamp'));
  if (!Number.isFinite(timestamp) || Math.abs(timestamp * 1000 - Date.now()) > 5 * 60_000) {
    return 'X-TC-Timestamp is more than 5 minutes off';
  }
  if (new Date(timestamp * 1000).toISOString().slice(0, 10) !== date) {
    return 'credential date is not the timestamp’s UTC date';
  }
  const signed = signedList.split(';');
  if (signed.join(';') !== 'content-type;host') {
    return `signed headers are ${signedList}`;
  }
  const canonical = [
    request.method,
    request.url.pathname,
    request.url.search.slice(1),
    `content-type:${header(request, 'content-type')}\nhost:${hostname}\n`,
    signedList,
    sha256Hex(request.body),
  ].join('\n');
  const stringToSign = [
    'TC3-HMAC-SHA256',
    String(timestamp),
    `${date}/${service}/tc3_request`,
    sha256Hex(canonical),
  ].join('\n');
  const key = hmac(hmac(hmac(`TC3${secret}`, date), service), 'tc3_request');
  const expected = hmac(key, stringToSign);
  return timingSafeEqual(expected, Buffer.from(signature, 'hex')) ? null : 'signature does not match';
}

export async function startTencentStandIn(secrets: Record<string, string>) {
  const state: { outcome: TencentOutcome } = { outcome: { code: 'Ok' } };
  const signatureProblems: string[] = [];
  const answer = (request: StandInRequest): StandInReply => {
    const RequestId = randomUUID();
    const problem = tencentSignatureProblem(request, secrets);
    if (problem) {
      signatureProblems.push(problem);
      const message = `The provided credentials could not be validated. ${problem}`;
      return {
        status: 200,
        body: { Response: { Error: { Code: 'AuthFailure.SignatureFailure', Message: message }, RequestId } },
      };
    }
    if (header(request, 'x-tc-action') !== 'SendSms') {
      return {
        status: 200,
        body: { Response: { Error: { Code: 'InvalidAction', Message: 'no such action' }, RequestId } },
      };
    }
    const body = JSON.parse(request.body.toString('utf8')) as { PhoneNumberSet?: string[] };
    const { outcome } = state;
    if ('errorCode' in outcome) {
      return {
        status: 200,
        body: { Response: { Error: { Code: outcome.errorCode, Message: outcome.message }, RequestId } },
      };
    }
    const ok = 'code' in outcome;
    return {
      status: 200,
      body: {
        Response: {
          SendStatusSet: (body.PhoneNumberSet ?? []).map((PhoneNumber) => ({
            SerialNo: ok ? '3369:337201936917209112419537622' : '',
            PhoneNumber,
            Fee: ok ? 1 : 0,
            SessionContext: '',
            Code: ok ? 'Ok' : outcome.phoneCode,
            Message: ok ? 'send success' : outcome.message,
            IsoCode: 'CN',
          })),
          RequestId,
        },
      },
    };
  };
  const server = await startStandIn(answer);
  return {
    ...server,
    signatureProblems,
    answerWith(outcome: TencentOutcome) {
      state.outcome = outcome;
    },
    /** The SendSms body of the newest request. */
    lastSend(): Record<string, unknown> {
      const last = server.requests.at(-1);
      return last ? (JSON.parse(last.body.toString('utf8')) as Record<string, unknown>) : {};
    },
  };
}
