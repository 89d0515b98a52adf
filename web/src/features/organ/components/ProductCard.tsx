import { Link } from 'react-router';
import type { TProductCard } from '@portal/contract';
import { organPaths } from '../organPaths.ts';
import { ORGAN_TEXT } from '../texts.ts';

/** A product: cover and title, linking to its product page. */
export function ProductCard({ product, current = false }: { product: TProductCard; current?: boolean }) {
  return (
    <article className={`organ-tile${current ? ' organ-tile--current' : ''}`}>
      <div className="organ-tile__cover">
        {product.cover && <img src={product.cover} alt="" loading="lazy" />}
      </div>
      <h3 className="organ-tile__title">
        <Link
          to={organPaths.product(product.product_id, product.company_id)}
          aria-current={current ? 'page' : undefined}
        >
          {product.title}
        </Link>
      </h3>
      {current && <span className="organ-tile__tag">{ORGAN_TEXT.currentProduct}</span>}
    </article>
  );
}
