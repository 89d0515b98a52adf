import { describe, expect, it } from 'vitest';
import { defaultSettingWarnings } from './default-warnings.ts';

describe('start-up warnings for defaults users would see', () => {
  it('names each user-visible setting left at its default', () => {
    expect(defaultSettingWarnings({})).toEqual([
      'PUBLIC_URL is not set: links in e-mails and share QR codes point at http://localhost',
      'MAIL_FROM is not set: mail is sent from no-reply@localhost',
      'ORGAN_CLAIM_EMAIL is not set: the claim dialog tells organisations to write to claim@portal.example.com',
    ]);
  });

  it('says nothing of settings that are set (blank counts as unset)', () => {
    expect(
      defaultSettingWarnings({
        PUBLIC_URL: 'https://insight.example.cn',
        MAIL_FROM: '洞察门户 <no-reply@insight.example.cn>',
        ORGAN_CLAIM_EMAIL: ' ',
      }),
    ).toEqual([
      'ORGAN_CLAIM_EMAIL is not set: the claim dialog tells organisations to write to claim@portal.example.com',
    ]);
  });
});
