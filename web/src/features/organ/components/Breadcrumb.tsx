import { Link } from 'react-router';
import { ORGAN_TEXT } from '../texts.ts';

export type TCrumb = { label: string; to?: string };

/** 机构 > company > product > content: every crumb but the last is a link. */
export function Breadcrumb({ items }: { items: readonly TCrumb[] }) {
  return (
    <nav className="organ-breadcrumb" aria-label={ORGAN_TEXT.breadcrumb}>
      <ol>
        {items.map((item, i) => (
          <li key={`${i}-${item.label}`}>
            {item.to && i < items.length - 1 ? (
              <Link to={item.to}>{item.label}</Link>
            ) : (
              <span aria-current={i === items.length - 1 ? 'page' : undefined}>{item.label}</span>
            )}
          </li>
        ))}
      </ol>
    </nav>
  );
}
