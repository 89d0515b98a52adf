import { useEffect, useState } from 'react';
import type { TBanner } from '@portal/contract';
import { BANNER_IMAGE_SIZES, CAROUSEL_INTERVAL_MS } from '@portal/contract';
import { logBannerClick } from '../api.ts';
import { prefersReducedMotion } from '../../../components/reducedMotion.ts';
import { ResponsiveImage } from '../../../components/ResponsiveImage.tsx';
import { HOME_TEXT } from '../texts.ts';
import { safeExternalUrl } from './safeExternalUrl.ts';
import './BannerCarousel.css';

/** An arrow drawn inline: antd's icons would tie this chunk to other screens' antd chunks. */
function Chevron({ direction }: { direction: 'left' | 'right' }) {
  return (
    <svg
      viewBox="0 0 24 24"
      width="1em"
      height="1em"
      aria-hidden="true"
      fill="none"
      stroke="currentColor"
      strokeWidth="2.5"
      strokeLinecap="round"
      strokeLinejoin="round"
    >
      <path d={direction === 'left' ? 'M15 5l-7 7 7 7' : 'M9 5l7 7-7 7'} />
    </svg>
  );
}

/**
 * The home banners (spec §2 "Home"): one slide at a time, advancing every CAROUSEL_INTERVAL_MS
 * (paused while hovered or focused), arrows that show on hover, dots below. A click logs it
 * (POST /api/banner/log) and opens redirect_url in a new tab without an opener. A plain
 * component: antd's Carousel brings react-slick and ~20 KiB to the first screen.
 */
export function BannerCarousel({ banners }: { banners: readonly TBanner[] }) {
  const count = banners.length;
  const [index, setIndex] = useState(0);
  const [paused, setPaused] = useState(false);
  const current = count > 0 ? index % count : 0;

  useEffect(() => {
    if (count < 2 || paused || prefersReducedMotion()) {
      return;
    }
    const timer = window.setInterval(() => setIndex((value) => (value + 1) % count), CAROUSEL_INTERVAL_MS);
    return () => window.clearInterval(timer);
  }, [count, paused]);

  if (count === 0) {
    return null;
  }
  const go = (step: number) => setIndex((current + step + count) % count);

  const open = (banner: TBanner) => {
    // The log starts first; the tab opens in the same click so no popup blocker stops it.
    void logBannerClick(banner.id);
    const url = safeExternalUrl(banner.redirect_url);
    if (url) {
      window.open(url, '_blank', 'noopener,noreferrer');
    }
  };

  return (
    <section
      className="banner"
      aria-roledescription="carousel"
      aria-label={HOME_TEXT.carousel}
      onMouseEnter={() => setPaused(true)}
      onMouseLeave={() => setPaused(false)}
      onFocus={() => setPaused(true)}
      onBlur={() => setPaused(false)}
    >
      <div
        className="banner__track"
        style={{ transform: `translateX(-${current * 100}%)` }}
        aria-live={paused ? 'polite' : 'off'}
      >
        {banners.map((banner, position) => {
          const active = position === current;
          return (
            <div
              key={banner.id}
              className="banner__slide"
              role="group"
              aria-roledescription="slide"
              aria-label={HOME_TEXT.slide(position + 1, count, banner.title)}
              aria-hidden={!active}
              inert={!active}
            >
              <button
                type="button"
                className="banner__open"
                onClick={() => open(banner)}
                aria-label={banner.title}
              >
                {/* The first slide is the home page's largest paint: fetched first, never lazily. */}
                <ResponsiveImage
                  src={banner.image_url}
                  sizes={BANNER_IMAGE_SIZES}
                  priority={position === 0}
                  draggable={false}
                />
              </button>
            </div>
          );
        })}
      </div>
      {count > 1 && (
        <>
          <button
            type="button"
            className="banner__arrow banner__arrow--prev"
            aria-label={HOME_TEXT.previousSlide}
            onClick={() => go(-1)}
          >
            <Chevron direction="left" />
          </button>
          <button
            type="button"
            className="banner__arrow banner__arrow--next"
            aria-label={HOME_TEXT.nextSlide}
            onClick={() => go(1)}
          >
            <Chevron direction="right" />
          </button>
          <div className="banner__dots">
            {banners.map((banner, position) => (
              <button
                key={banner.id}
                type="button"
                className={position === current ? 'banner__dot banner__dot--active' : 'banner__dot'}
                aria-label={HOME_TEXT.goToSlide(position + 1)}
                aria-current={position === current ? 'true' : undefined}
                onClick={() => setIndex(position)}
              />
            ))}
          </div>
        </>
      )}
    </section>
  );
}
