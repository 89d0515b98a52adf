import { useLayoutEffect, useRef, useState, type ReactNode, type RefObject } from 'react';
import { gridForWidth, isMobileWidth, MIN_CARD_WIDTH_PX } from '@portal/contract';
import { useViewportSelect } from './useViewportWidth.ts';
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
 * The content width of the grid, followed as it changes (0 where it cannot be measured or
 * `measure` is off). Measuring lays the page out in the middle of React's commit and renders
 * every card again with the width, so a phone, whose columns never depend on it, skips it. The
 * element is a ref, not state: state set from a ref callback renders every card a second time
 * as the grid mounts (in the commit of a hydration too).
 */
function useContainerWidth(measure: boolean): [RefObject<HTMLUListElement | null>, number] {
  const ref = useRef<HTMLUListElement>(null);
  const [width, setWidth] = useState(0);
  useLayoutEffect(() => {
    const element = ref.current;
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
  }, [measure]);
  return [ref, width];
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
  const mobile = useViewportSelect(isMobileWidth);
  const wanted = useViewportSelect((width) => gridForWidth(width, isMobileWidth(width)).columns);
  const gap = mobile ? MOBILE_GAP_PX : GAP_PX;
  const [ref, containerWidth] = useContainerWidth(!mobile);
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
