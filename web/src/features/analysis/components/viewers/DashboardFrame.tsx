import { useEffect, useRef, useState } from 'react';
import { ANALYSIS_TEXT } from '../../texts.ts';

const MIN_HEIGHT_PX = 480;
const MAX_HEIGHT_PX = 20_000;

/** The height a dashboard reports: `{height}`, `{type:'resize', height}` or a bare number. */
function reportedHeight(data: unknown): number | null {
  const value =
    typeof data === 'number'
      ? data
      : typeof data === 'object' && data !== null && 'height' in data
        ? Number((data as { height: unknown }).height)
        : Number.NaN;
  return Number.isFinite(value) && value > 0 ? Math.min(MAX_HEIGHT_PX, Math.max(MIN_HEIGHT_PX, value)) : null;
}

/** The origin of `url`, or null when it is not an absolute http(s) URL. */
export function frameOrigin(url: string): string | null {
  try {
    const parsed = new URL(url);
    return parsed.protocol === 'https:' || parsed.protocol === 'http:' ? parsed.origin : null;
  } catch {
    return null;
  }
}

type TDashboardFrameProps = { src: string; title?: string };

/**
 * An embedded dashboard (Tableau, QuickBI, Power BI). The provider's pages need script and
 * their own origin's storage, so the sandbox allows both; as a different origin it still cannot
 * touch ours. Height messages are trusted only when they come from the frame's own origin
 * (spec §9 "Dashboard height messages").
 */
export function DashboardFrame({ src, title = ANALYSIS_TEXT.dashboardFrame }: TDashboardFrameProps) {
  const frameRef = useRef<HTMLIFrameElement>(null);
  const [height, setHeight] = useState<number | null>(null);
  const origin = frameOrigin(src);

  useEffect(() => {
    if (!origin) {
      return;
    }
    const onMessage = (event: MessageEvent) => {
      if (event.origin !== origin) {
        return;
      }
      const next = reportedHeight(event.data);
      if (next !== null) {
        setHeight(next);
      }
    };
    window.addEventListener('message', onMessage);
    return () => window.removeEventListener('message', onMessage);
  }, [origin]);

  return (
    <iframe
      ref={frameRef}
      className="dashboard-frame"
      title={title}
      src={src}
      style={height ? { height } : undefined}
      sandbox="allow-scripts allow-same-origin allow-forms allow-popups allow-popups-to-escape-sandbox allow-downloads"
      allow="fullscreen"
      referrerPolicy="strict-origin-when-cross-origin"
    />
  );
}
