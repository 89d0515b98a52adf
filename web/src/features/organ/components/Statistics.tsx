import type { TStatistic } from '@portal/contract';

/** An organisation's statistics (报告 / 产品 / 内容 counts) as number-over-label pairs. */
export function Statistics({ items, label }: { items: readonly TStatistic[]; label: string }) {
  return (
    <dl className="organ-stats" aria-label={label}>
      {items.map((s) => (
        <div key={s.name} className="organ-stats__item">
          <dd>{s.count}</dd>
          <dt>{s.name}</dt>
        </div>
      ))}
    </dl>
  );
}
