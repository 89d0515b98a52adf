import { maskPhone } from '@portal/contract';
import type { FastifyBaseLogger } from 'fastify';

/** Sends a login code to a phone. Adapters: the local log (default), Aliyun SMS, Tencent Cloud SMS. */
export type SmsSender = {
  /** Resolves once the provider accepted the message; throws SmsSendError when it did not. */
  sendLoginCode(phone: string, code: string): Promise<void>;
};

export type SmsLog = Pick<FastifyBaseLogger, 'info' | 'warn'>;

/**
 * A provider refused or failed a send. `limited`: the provider's own flow control for this
 * phone or account (the user should wait); otherwise any other failure (keys, template,
 * balance, network). `providerCode` is the provider's error code, for the log only.
 */
export class SmsSendError extends Error {
  constructor(
    readonly provider: string,
    readonly providerCode: string,
    readonly limited: boolean,
  ) {
    super(`${provider} sms refused: ${providerCode}`);
    this.name = 'SmsSendError';
  }
}

/**
 * Logs one line for a failed send (provider, masked phone, provider code — never the login
 * code) and returns the error to throw.
 */
export function sendFailure(
  log: SmsLog,
  provider: string,
  phone: string,
  providerCode: string,
  limited: boolean,
): SmsSendError {
  log.warn(
    { provider, phone: maskPhone(phone), providerCode, limited },
    limited ? 'sms refused by provider flow control' : 'sms send failed',
  );
  return new SmsSendError(provider, providerCode, limited);
}

/** Network failures and timeouts carry no provider code: this one stands for them in the log. */
export const NETWORK_FAILURE = 'NetworkError';
