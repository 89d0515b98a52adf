import { Role } from '@portal/contract';

/**
 * Who may view an item (spec §6: the server may deny a view with 1001). Everything is open to
 * signed-in users except restricted analyses, which admins and users granted that analysis
 * (`analysis_grants`) may view.
 */
export function mayView(
  item: { restricted: boolean },
  user: { roles: readonly number[] },
  granted: boolean,
): boolean {
  return !item.restricted || granted || user.roles.includes(Role.admin);
}
