import { createHash } from 'node:crypto';
import {
  ContactType,
  MSG,
  validateContactText,
  type TContactCreateReply,
  type TContactCreateRequest,
  type TContactPrefill,
} from '@portal/contract';
import { AppError } from '../../http/app-error.ts';
import type { Clock } from '../../platform/clock.ts';
import type { Mailer } from '../../platform/mail/mailer.ts';
import type { AuthUser } from '../auth/auth.service.ts';
import type { RateLimiter } from '../rate-limit/rate-limiter.ts';
import { enquiryMail } from './enquiry-mail.ts';
import type { EnquiriesRepo } from './enquiries.repo.ts';
import type { OrganisationsService } from './organisations.service.ts';

/**
 * A client that sends no submission id is de-duplicated by its form: the same user sending the
 * same fields within this window is taken as one submission (a double click, a retried request).
 */
export const CONTENT_DEDUP_WINDOW_MS = 10 * 60_000;

/** Enquiries accepted per rolling hour, per user and per client IP (config `enquiryLimits`). */
export type EnquiryLimits = { perUserPerHour: number; perIpPerHour: number };
const HOUR_SECONDS = 3600;

export type EnquiriesDeps = {
  repo: EnquiriesRepo;
  organisations: OrganisationsService;
  clock: Clock;
  /** Unset: enquiries are stored only. */
  mailer?: Mailer | undefined;
  publicUrl: string;
  log: { error(obj: object, msg: string): void };
  limiter: RateLimiter;
  limits: EnquiryLimits;
};
export type EnquiriesService = ReturnType<typeof createEnquiriesService>;

/** The key that makes one submission one row: the client's id, else a hash of the form in a time window. */
export function submissionKey(form: TContactCreateRequest, nowMs: number): string {
  if (form.submission_id) {
    return `id:${form.submission_id}`;
  }
  const { submission_id: _id, ...fields } = form;
  const digest = createHash('sha256').update(JSON.stringify(fields)).digest('hex').slice(0, 40);
  return `form:${digest}:${Math.floor(nowMs / CONTENT_DEDUP_WINDOW_MS)}`;
}

/**
 * Enquiries (spec §5 "Contact / enquiry form", §7 contact/detail and contact/create).
 * Rules beyond the form's own: the organisation must exist and be certified (uncertified ones
 * show claim instructions instead); a product named must belong to it; the more-information
 * form (type 1) is about a product, and its consent tick records the user's authorization for
 * the organisation. A new enquiry is e-mailed to the organisation's contact address when set.
 */
export function createEnquiriesService({
  repo,
  organisations,
  clock,
  mailer,
  publicUrl,
  log,
  limiter,
  limits,
}: EnquiriesDeps) {
  const userKey = (userId: number) => `enquiry:user:${userId}`;
  const ipKey = (ip: string) => `enquiry:ip:${ip}`;

  /**
   * Each enquiry e-mails an organisation, so a user and an IP may send only so many an hour.
   * Only enquiries actually stored count: a refused form or a retried submission does not.
   */
  async function withinLimits(userId: number, ip: string): Promise<boolean> {
    const [byUser, byIp] = await Promise.all([
      limiter.recent(userKey(userId), HOUR_SECONDS),
      limiter.recent(ipKey(ip), HOUR_SECONDS),
    ]);
    return byUser < limits.perUserPerHour && byIp < limits.perIpPerHour;
  }

  async function notify(
    id: number,
    form: TContactCreateRequest,
    to: string,
    organName: string,
    productTitle: string,
  ) {
    if (!mailer || to === '') {
      return;
    }
    try {
      await mailer.send({ to, ...enquiryMail({ id, form, organName, productTitle, publicUrl }) });
      await repo.markMailed(id, clock.now().getTime());
    } catch (err) {
      // The enquiry is stored either way; mailed_at stays empty so the back-office can see it was not delivered.
      log.error({ err, enquiry: id }, 'enquiry mail failed');
    }
  }

  return {
    /** GET /api/company/contact/detail: the user's last enquiry's details, else the account's. */
    async prefill(q: { type: number; id: number }, user: AuthUser): Promise<TContactPrefill> {
      const organ = await organisations.organ(q.id);
      const [last, authorized] = await Promise.all([
        repo.latestOf(user.id),
        organisations.isAuthorized(user.id, q.id),
      ]);
      const base = {
        company_id: String(organ.id),
        company_name: organ.name,
        type: q.type,
        is_authorize: authorized ? 1 : 0,
      };
      if (last) {
        const { company, department, job, name, email, phone } = last;
        return { ...base, company, department, job, name, email, phone };
      }
      return {
        ...base,
        company: '',
        department: '',
        job: '',
        name: validateContactText(user.nickname) === null ? user.nickname : '',
        email: user.email,
        phone: user.phone,
      };
    },

    /** POST /api/company/contact/create: stored exactly once per submission, within the hourly limits. */
    async create(form: TContactCreateRequest, user: AuthUser, ip: string): Promise<TContactCreateReply> {
      const organ = await organisations.organ(form.company_id);
      if (organ.is_certification !== 1) {
        throw AppError.badRequest(MSG.organNotCertified);
      }
      if (form.type === ContactType.moreInfo && form.product_id === undefined) {
        throw AppError.badRequest(MSG.enquiryProductRequired);
      }
      const product =
        form.product_id === undefined ? null : await organisations.product(form.product_id, organ.id);
      const now = clock.now().getTime();
      const key = submissionKey(form, now);
      const sent = await repo.idOfSubmission(user.id, key);
      if (sent !== undefined) {
        return { id: String(sent), duplicate: true };
      }
      if (!(await withinLimits(user.id, ip))) {
        throw AppError.tooManyRequests(MSG.enquiryTooOften);
      }
      const { id, created } = await repo.insertOnce({
        user_id: user.id,
        organisation_id: organ.id,
        product_id: product?.id ?? null,
        type: form.type,
        platform: form.platform,
        company: form.company,
        department: form.department,
        job: form.job,
        name: form.name,
        email: form.email,
        phone: form.phone,
        content: form.content,
        consent: form.consent ? 1 : 0,
        submission_key: key,
        mailed_at: null,
        created_at: now,
      });
      if (created) {
        await Promise.all([
          limiter.record(userKey(user.id), HOUR_SECONDS),
          limiter.record(ipKey(ip), HOUR_SECONDS),
        ]);
        if (form.type === ContactType.moreInfo && form.consent) {
          await organisations.authorizeUser(user.id, organ.id);
        }
        await notify(id, form, organ.contact_email, organ.name, product?.title ?? '');
      }
      return { id: String(id), duplicate: !created };
    },
  };
}
