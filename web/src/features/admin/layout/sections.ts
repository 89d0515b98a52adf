import { lazy, type ComponentType, type LazyExoticComponent } from 'react';
import { ADMIN_TEXT } from '../texts.ts';
import { FEED_TEXT } from '../sections/feeds/feedTexts.ts';
import { INBOX_TEXT } from '../sections/inbox/inboxTexts.ts';
import { CATALOGUE_TEXT } from '../sections/catalogue/catalogueTexts.ts';

/** One screen of the back-office: its path under /admin, its menu label and menu group. */
export type TAdminSection = {
  key: string;
  /** Path below /admin, without a slash. */
  path: string;
  label: string;
  /** The side menu's group (内容管理) the section sits in, if any. */
  group?: string;
  Screen: LazyExoticComponent<ComponentType>;
};

export const ADMIN_BASE = '/admin';

function screen(load: () => Promise<ComponentType>): LazyExoticComponent<ComponentType> {
  return lazy(async () => ({ default: await load() }));
}

/**
 * The sections in menu order. Only sections whose API exists are listed (issue 16: the menu
 * never offers a screen that could only fail); each screen is its own lazily loaded chunk.
 */
export const ADMIN_SECTIONS: readonly TAdminSection[] = [
  {
    key: 'reports',
    path: 'reports',
    label: ADMIN_TEXT.reports,
    group: ADMIN_TEXT.groupContent,
    Screen: screen(async () => (await import('../sections/reports/ReportsSection.tsx')).ReportsSection),
  },
  {
    key: 'headlines',
    path: 'headlines',
    label: ADMIN_TEXT.headlines,
    group: ADMIN_TEXT.groupContent,
    Screen: screen(async () => (await import('../sections/headlines/HeadlinesSection.tsx')).HeadlinesSection),
  },
  {
    key: 'feeds',
    path: 'feeds',
    label: FEED_TEXT.section,
    group: ADMIN_TEXT.groupContent,
    Screen: screen(async () => (await import('../sections/feeds/FeedsSection.tsx')).FeedsSection),
  },
  {
    key: 'analyses',
    path: 'analyses',
    label: ADMIN_TEXT.analyses,
    group: ADMIN_TEXT.groupContent,
    Screen: screen(async () => (await import('../sections/analyses/AnalysesSection.tsx')).AnalysesSection),
  },
  {
    key: 'materials',
    path: 'materials',
    label: ADMIN_TEXT.materials,
    group: ADMIN_TEXT.groupContent,
    Screen: screen(async () => (await import('../sections/ContentTypeSection.tsx')).MaterialsSection),
  },
  {
    key: 'organisations',
    path: 'organisations',
    label: ADMIN_TEXT.organisations,
    group: ADMIN_TEXT.groupContent,
    Screen: screen(
      async () => (await import('../sections/organisations/OrganisationsSection.tsx')).OrganisationsSection,
    ),
  },
  {
    key: 'banners',
    path: 'banners',
    label: ADMIN_TEXT.banners,
    group: ADMIN_TEXT.groupContent,
    Screen: screen(async () => (await import('../sections/banners/BannersSection.tsx')).BannersSection),
  },
  {
    key: 'site',
    path: 'site',
    label: ADMIN_TEXT.site,
    Screen: screen(async () => (await import('../sections/site/SiteSection.tsx')).SiteSection),
  },
  {
    key: 'catalogue',
    path: 'catalogue',
    label: CATALOGUE_TEXT.section,
    Screen: screen(async () => (await import('../sections/catalogue/CatalogueSection.tsx')).CatalogueSection),
  },
  {
    key: 'users',
    path: 'users',
    label: ADMIN_TEXT.users,
    Screen: screen(async () => (await import('../sections/users/UsersSection.tsx')).UsersSection),
  },
  {
    key: 'feedback',
    path: 'feedback',
    label: INBOX_TEXT.kind.feedback,
    group: INBOX_TEXT.group,
    Screen: screen(async () => (await import('../sections/inbox/InboxSection.tsx')).FeedbackInbox),
  },
  {
    key: 'enquiries',
    path: 'enquiries',
    label: INBOX_TEXT.kind.enquiry,
    group: INBOX_TEXT.group,
    Screen: screen(async () => (await import('../sections/inbox/InboxSection.tsx')).EnquiryInbox),
  },
  {
    key: 'claims',
    path: 'claims',
    label: INBOX_TEXT.kind.claim,
    group: INBOX_TEXT.group,
    Screen: screen(async () => (await import('../sections/inbox/InboxSection.tsx')).ClaimInbox),
  },
  {
    key: 'mail',
    path: 'mail',
    label: '邮件',
    Screen: screen(async () => (await import('../sections/mail/MailSection.tsx')).MailSection),
  },
  {
    key: 'analytics',
    path: 'analytics',
    label: '数据统计',
    Screen: screen(async () => (await import('../sections/analytics/AnalyticsSection.tsx')).AnalyticsSection),
  },
  {
    key: 'audit',
    path: 'audit',
    label: ADMIN_TEXT.audit,
    Screen: screen(async () => (await import('../sections/audit/AuditLog.tsx')).AuditLog),
  },
];

export function sectionPath(section: TAdminSection): string {
  return `${ADMIN_BASE}/${section.path}`;
}

/** The section a location belongs to (its first path segment below /admin). */
export function sectionOf(pathname: string): TAdminSection | undefined {
  const rest = pathname.startsWith(`${ADMIN_BASE}/`) ? pathname.slice(ADMIN_BASE.length + 1) : '';
  const first = rest.split('/')[0];
  return ADMIN_SECTIONS.find((section) => section.path === first);
}
