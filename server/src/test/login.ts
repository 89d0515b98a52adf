import type { TLoginReply } from '@portal/contract';
import type { TestApp } from './testApp.ts';

let nextIp = 1;

/** A client address no other test in the file uses, so per-IP limits stay out of the way. */
export function freshIp(): string {
  const n = nextIp++;
  return `10.${(n >> 16) & 255}.${(n >> 8) & 255}.${n & 255}`;
}

/** Requests a code and logs in with it, as the web client does. */
export async function login(t: TestApp, phone: string): Promise<TLoginReply> {
  const ip = freshIp();
  const sent = await t.app.inject({ method: 'GET', url: `/api/sendCode?phone=${phone}`, remoteAddress: ip });
  if (sent.statusCode !== 200) {
    throw new Error(`sendCode ${sent.statusCode}: ${sent.body}`);
  }
  const res = await t.app.inject({
    method: 'GET',
    url: `/api/login?phone=${phone}&code=${t.sms.lastCode(phone)}`,
    remoteAddress: ip,
  });
  if (res.statusCode !== 200) {
    throw new Error(`login ${res.statusCode}: ${res.body}`);
  }
  return res.json<{ data: TLoginReply }>().data;
}
