import { muteToken } from '../unsubscribe/mute.service.ts';
import type { HeadlineRow } from './digest.repo.ts';
import type { DigestGroup } from './planner.ts';
import type { RenderGroup } from './render.ts';

/** Every headline and report id a set of planned digests names (`digests.items`). */
export function idsOfGroups(plans: readonly (readonly DigestGroup[])[]): {
  headlines: number[];
  reports: number[];
} {
  const headlines = new Set<number>();
  const reports = new Set<number>();
  for (const groups of plans) {
    for (const g of groups) {
      g.ids.forEach((id) => headlines.add(id));
      (g.reports ?? []).forEach((id) => reports.add(id));
    }
  }
  return { headlines: [...headlines], reports: [...reports] };
}

/**
 * A planned digest's sections as the renderer takes them: items unpublished since planning
 * drop out (and a section left empty with them), newest publish time first, each section with
 * its signed 不再接收 token. Shared by the first send and the back-office resend.
 */
export function groupsToRender(
  plan: readonly DigestGroup[],
  userId: number,
  found: { headlines: ReadonlyMap<number, HeadlineRow>; reports: ReadonlyMap<number, HeadlineRow> },
  secret: string,
): RenderGroup[] {
  const pick = (ids: readonly number[], from: ReadonlyMap<number, HeadlineRow>) =>
    ids
      .map((id) => from.get(id))
      .filter((h): h is HeadlineRow => h !== undefined)
      .sort((a, b) => b.published_at - a.published_at);
  const groups: RenderGroup[] = [];
  for (const g of plan) {
    const headlines = pick(g.ids, found.headlines);
    const reports = pick(g.reports ?? [], found.reports);
    if (headlines.length + reports.length === 0) {
      continue;
    }
    groups.push({
      keyword: g.keyword,
      headlines,
      reports,
      total: Math.max(g.total ?? 0, headlines.length + reports.length),
      ...(g.alert ? { alert: g.alert } : {}),
      muteToken: muteToken(
        secret,
        userId,
        g.alert ? { kind: 'alert', alertId: g.alert.id } : { kind: 'keyword', keyword: g.keyword },
      ),
    });
  }
  return groups;
}
