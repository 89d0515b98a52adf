/**
 * Settings whose defaults leak into what users see: links in e-mails and QR codes that point at
 * localhost, a sender at localhost, a claim address at example.com. A demo on a laptop is fine
 * with them; a real install is not, so the start says which are still defaults (issue 22).
 */
const USER_VISIBLE_DEFAULTS: readonly { name: string; shows: string }[] = [
  { name: 'PUBLIC_URL', shows: 'links in e-mails and share QR codes point at http://localhost' },
  { name: 'MAIL_FROM', shows: 'mail is sent from no-reply@localhost' },
  {
    name: 'ORGAN_CLAIM_EMAIL',
    shows: 'the claim dialog tells organisations to write to claim@portal.example.com',
  },
];

/** One warning per user-visible setting left at its default in `env`. */
export function defaultSettingWarnings(env: Record<string, string | undefined>): string[] {
  return USER_VISIBLE_DEFAULTS.filter(({ name }) => !env[name]?.trim()).map(
    ({ name, shows }) => `${name} is not set: ${shows}`,
  );
}
