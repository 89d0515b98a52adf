import { useState, type SyntheticEvent } from 'react';
import { imageSrcSet } from '@portal/contract';

type TResponsiveImageProps = {
  src: string;
  /** How wide the picture renders (the `sizes` attribute), so the browser picks the right copy. */
  sizes: string;
  /**
   * The LCP candidate: fetched first (`fetchpriority="high"`) and never lazily. Everything
   * else waits until it nears the viewport.
   */
  priority?: boolean;
  className?: string;
  /** What the picture shows, when nothing around it says so (a report's page); decorative otherwise. */
  alt?: string;
  /** `eager` loads it at once without raising its priority (a phone's first report pages). */
  loading?: 'eager' | 'lazy';
  width?: number;
  height?: number;
  draggable?: boolean;
  onLoad?: (event: SyntheticEvent<HTMLImageElement>) => void;
  onError?: () => void;
};

/**
 * A stored public picture at the size it renders: the card-size WebP copies the server makes
 * (`imageSrcSet`, contract image-variants.ts) in `srcset`, the original as `src`. Should a copy
 * fail (a BMP, a picture the server cannot decode) the original is shown instead; only when that
 * fails too does `onError` run. The box it fills is sized by its container's CSS (an
 * aspect-ratio box), so nothing moves when it arrives. Decorative (`alt=""`) unless told: its
 * card or button carries the name.
 */
export function ResponsiveImage({
  src,
  sizes,
  priority = false,
  alt = '',
  loading,
  onError,
  ...rest
}: TResponsiveImageProps) {
  const [plain, setPlain] = useState(false);
  const srcSet = plain ? '' : imageSrcSet(src);
  return (
    <img
      {...rest}
      src={src}
      srcSet={srcSet || undefined}
      sizes={srcSet ? sizes : undefined}
      alt={alt}
      loading={priority ? 'eager' : (loading ?? 'lazy')}
      fetchPriority={priority ? 'high' : undefined}
      decoding={priority ? 'sync' : 'async'}
      onError={() => (srcSet ? setPlain(true) : onError?.())}
    />
  );
}
