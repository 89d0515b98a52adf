import type { TSearchHit } from '@portal/contract';
import { Link } from 'react-router';
import { detailPath } from '../../../components/detailPath.ts';
import { Highlight } from '../../../components/Highlight.tsx';
import { OrganLogo } from '../../../components/OrganLogo.tsx';
import './OrganHitRow.css';

/**
 * An organisation on the search page's 机构 tab: its logo at logo size (a cover tile would blow it
 * up to a report cover's), its name and the start of its introduction with the terms marked.
 */
export function OrganHitRow({ hit }: { hit: TSearchHit }) {
  const source = hit._source;
  return (
    <article className="organ-hit" aria-label={source.title}>
      <OrganLogo src={source.cover} name={source.title} size={48} />
      <div className="organ-hit__text">
        <Link className="organ-hit__name" to={detailPath(hit) ?? '#'}>
          <Highlight html={source.highlight?.title} text={source.title} />
        </Link>
        {source.description && (
          <p className="organ-hit__intro">
            <Highlight html={source.highlight?.content} text={source.description} />
          </p>
        )}
      </div>
    </article>
  );
}
