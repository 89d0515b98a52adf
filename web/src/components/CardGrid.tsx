import { useLayoutEffect, useState, type ReactNode } from 'react';
import { gridForWidth, isMobileWidth, MIN_CARD_WIDTH_PX } from '@portal/contract';
import { useViewportWidth } from './useViewportWidth.ts';
import './CardGrid.css';

const GAP_PX = 16;
const MOBILE_GAP_PX = 12;

/** Columns that keep every card at least 274 px wide in a container this wide (0: unknown). */
function columnsThatFit(containerWidth: number, gap: number): number {
  if (containerWidth <= 0) {
    return Number.POSITIVE_INFINITY;
  }
  return Math.max(1, Math.floor((containerWidth + gap) / (MIN_CARD_WIDTH_PX + gap)));
}

/**
 * The content width of an element, followed as it changes (0 where it cannot be measured or
 * `measure` is off). Measuring lays the page out in the middle of React's commit and renders
 * every card again with the width, so a phone, whose columns never depend on it, skips it.
 */
function useContainerWidth(measure: boolean): [(element: HTMLElement | null) => void, number] {
  const [element, setElement] = useState<HTMLElement | null>(null);
  const [width, setWidth] = useState(0);
  useLayoutEffect(() => {
    if (!measure || !element || typeof ResizeObserver === 'undefined') {
      return;
    }
    setWidth(element.clientWidth);
    const observer = new ResizeObserver(([entry]) => {
      if (entry) {
        setWidth(entry.contentRect.width);
      }
    });
    observer.observe(element);
    return () => observer.disconnect();
  }, [element, measure]);
  return [setElement, width];
}

type TCardGridProps<T> = {
  items: readonly T[];
  getKey: (item: T) => string;
  renderItem: (item: T) => ReactNode;
  label: string;
};

/**
 * Cards in equal columns (spec §9): the column count comes from the page width
 * (`gridForWidth`: 6 / 5 / 4 / 2; always 2 on mobile under 992 px), then drops while a card
 * would be narrower than 274 px in this container. `data-columns` tells tests the count.
 */
export function CardGrid<T>({ items, getKey, renderItem, label }: TCardGridProps<T>) {
  const pageWidth = useViewportWidth();
  const mobile = isMobileWidth(pageWidth);
  const gap = mobile ? MOBILE_GAP_PX : GAP_PX;
  const [ref, containerWidth] = useContainerWidth(!mobile);
  const wanted = gridForWidth(pageWidth, mobile).columns;
  const columns = mobile ? wanted : Math.min(wanted, columnsThatFit(containerWidth, gap));
  return (
    <ul
      ref={ref}
      className="card-grid"
      aria-label={label}
      data-columns={columns}
      style={{ gridTemplateColumns: `repeat(${columns}, minmax(0, 1fr))`, gap }}
    >
      {items.map((item) => (
        <li key={getKey(item)} className="card-grid__cell">
          {renderItem(item)}
        </li>
      ))}
    </ul>
  );
}
