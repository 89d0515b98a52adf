import { lazy, Suspense, type ComponentProps } from 'react';

const Recommendations = lazy(async () => ({
  default: (await import('./Recommendations.tsx')).Recommendations,
}));

/**
 * 相关推荐 below the fold, loaded after the page: its rows' code then stays out of the
 * detail screens' first load (their budget is 180 KiB).
 */
export function LazyRecommendations(props: ComponentProps<typeof Recommendations>) {
  return (
    <Suspense fallback={null}>
      <Recommendations {...props} />
    </Suspense>
  );
}
