import { ListPage } from '../../../components/ListPage.tsx';
import { ContentFeed } from '../../../entities/content/components/ContentFeed.tsx';
import { HOME_SORTS } from '../../../entities/content/sorts.ts';
import { useBanners } from '../api.ts';
import { BannerCarousel } from '../components/BannerCarousel.tsx';
import { HOME_TEXT } from '../texts.ts';

/** 首页 (/homepage): the banner carousel above the home content list (spec §2 "Home"). */
export function HomePage() {
  const banners = useBanners();
  return (
    <ListPage title={HOME_TEXT.title} hideTitle>
      {banners.data && banners.data.length > 0 ? (
        <BannerCarousel banners={banners.data} />
      ) : (
        banners.isPending && <div className="banner banner--placeholder" aria-hidden="true" />
      )}
      <ContentFeed
        pageType="home"
        defaultTab="all"
        sorts={HOME_SORTS}
        label={HOME_TEXT.listLabel}
        priorityCovers={0}
        reserveTabs
      />
    </ListPage>
  );
}
