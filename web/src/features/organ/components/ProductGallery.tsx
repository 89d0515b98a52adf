import { useState } from 'react';
import type { TProductMaterial } from '@portal/contract';
import { ORGAN_TEXT } from '../texts.ts';

/** The product's images and videos: the chosen one large, all of them as thumbnails. */
export function ProductGallery({ items, title }: { items: readonly TProductMaterial[]; title: string }) {
  const [index, setIndex] = useState(0);
  const current = items[Math.min(index, items.length - 1)];
  if (!current) {
    return null;
  }
  return (
    <div className="organ-gallery" role="region" aria-label={ORGAN_TEXT.productImages}>
      <div className="organ-gallery__main">
        {current.type === 2 ? (
          <video controls preload="metadata" poster={current.cover || undefined} src={current.url}>
            <track kind="captions" />
          </video>
        ) : (
          <img src={current.url} alt={`${title} ${index + 1}`} />
        )}
      </div>
      {items.length > 1 && (
        <ul className="organ-gallery__thumbs">
          {items.map((m, i) => (
            <li key={`${m.url}-${i}`}>
              <button
                type="button"
                className={
                  i === index ? 'organ-gallery__thumb organ-gallery__thumb--active' : 'organ-gallery__thumb'
                }
                aria-label={`${ORGAN_TEXT.productImages} ${i + 1}`}
                aria-pressed={i === index}
                onClick={() => setIndex(i)}
              >
                <img src={m.type === 2 ? m.cover : m.url} alt="" loading="lazy" />
              </button>
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
