import {
  ADMIN_ROUTES,
  Role,
  USER_ROUTES,
  type TMenuItem,
  type TRoutesReply,
  type TTheme,
} from '@portal/contract';
import { AppError } from '../../http/app-error.ts';
import type { AuthUser } from '../auth/auth.service.ts';
import type { FileUrls } from '../files/signed-url.ts';
import type { MenuRow, NavigationRepo } from './navigation.repo.ts';

export type NavigationService = ReturnType<typeof createNavigationService>;

/** Rows (parents first) → the nested menu of GET /api/menu. */
export function toMenuTree(rows: readonly MenuRow[]): TMenuItem[] {
  const byId = new Map<number, TMenuItem>();
  const roots: TMenuItem[] = [];
  for (const row of rows) {
    const item: TMenuItem = {
      key: row.key,
      title: row.title,
      path: row.path,
      ...(row.icon ? { icon: row.icon } : {}),
    };
    byId.set(row.id, item);
    const parent = row.parent_id === null ? undefined : byId.get(row.parent_id);
    if (row.parent_id === null) {
      roots.push(item);
    } else if (parent) {
      (parent.children ??= []).push(item);
    }
  }
  return roots;
}

/** What the web shell needs after login: routes by role, the sidebar menu, branding. */
export function createNavigationService(deps: {
  repo: NavigationRepo;
  /** The logo and theme now (the back-office's stored ones over `LOGO_URL` / `THEME`). */
  branding: () => Promise<{ logoUrl: string; theme: TTheme }>;
  fileUrls: FileUrls;
}) {
  const { repo, branding, fileUrls } = deps;
  return {
    /** type 1: the ordinary routes; type 2: the back-office routes, for admins only (else 403, code 1001). */
    async routes(user: AuthUser, type: 1 | 2): Promise<TRoutesReply> {
      if (type === 2 && !user.roles.includes(Role.admin)) {
        throw AppError.forbidden();
      }
      const { logoUrl, theme } = await branding();
      return {
        routes: [...(type === 2 ? ADMIN_ROUTES : USER_ROUTES)],
        login_role_type: user.roles,
        logo: logoUrl,
        style: theme,
        user: {
          phone: user.phone,
          nickname: user.nickname,
          avatar: fileUrls.forUrl(user.avatar),
          email: user.email,
        },
      };
    },

    async menu(): Promise<TMenuItem[]> {
      return toMenuTree(await repo.listMenu());
    },
  };
}
