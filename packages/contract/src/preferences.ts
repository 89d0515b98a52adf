import { z } from 'zod';

/** How report lists show reports: 封面 cards (the default) or compact 列表 rows. */
export const ZReportView = z.enum(['grid', 'rows']);
export type TReportView = z.infer<typeof ZReportView>;

/** A user's display preferences, kept on the server so they follow the user to every device. */
export const ZUserPreferences = z.object({ report_view: ZReportView });
export type TUserPreferences = z.infer<typeof ZUserPreferences>;

/** What the client sends: the preferences it changes; the reply is all of them. */
export const ZUserPreferencesUpdate = ZUserPreferences.partial().strict();
export type TUserPreferencesUpdate = z.infer<typeof ZUserPreferencesUpdate>;

/** Before a user chose anything. */
export const DEFAULT_PREFERENCES: TUserPreferences = { report_view: 'grid' };
