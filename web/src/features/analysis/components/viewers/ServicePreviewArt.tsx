import type { TServiceViewer } from '@portal/contract';

const BARS = [42, 64, 51, 78, 60, 88, 70];
const LINE = [62, 55, 58, 44, 47, 36, 30];

/** A dashboard drawn in grey and the brand colour: KPI tiles, a bar chart and a trend line. */
function DashboardArt() {
  return (
    <>
      {[0, 1, 2].map((i) => (
        <g key={i} transform={`translate(${16 + i * 100} 16)`}>
          <rect width="88" height="44" rx="6" fill="#fff" stroke="#e5e6eb" />
          <rect x="10" y="10" width="36" height="6" rx="3" fill="#d9d9d9" />
          <rect
            x="10"
            y="24"
            width={52 - i * 8}
            height="10"
            rx="3"
            fill="var(--brand, #f96007)"
            opacity={0.85 - i * 0.2}
          />
        </g>
      ))}
      <g transform="translate(16 72)">
        <rect width="176" height="112" rx="6" fill="#fff" stroke="#e5e6eb" />
        {BARS.map((h, i) => (
          <rect
            key={i}
            x={14 + i * 22}
            y={100 - h}
            width="14"
            height={h}
            rx="2"
            fill="var(--brand, #f96007)"
            opacity={0.35 + i * 0.08}
          />
        ))}
      </g>
      <g transform="translate(200 72)">
        <rect width="116" height="112" rx="6" fill="#fff" stroke="#e5e6eb" />
        <polyline
          points={LINE.map((y, i) => `${10 + i * 16},${y + 20}`).join(' ')}
          fill="none"
          stroke="#597ef7"
          strokeWidth="3"
          strokeLinejoin="round"
        />
        <line x1="10" y1="96" x2="106" y2="96" stroke="#e5e6eb" strokeWidth="2" />
      </g>
    </>
  );
}

/** The classifier drawn: a picture with a box around the object, and scored labels. */
function ClassifierArt() {
  return (
    <>
      <g transform="translate(16 16)">
        <rect width="150" height="168" rx="6" fill="#fff" stroke="#e5e6eb" />
        <rect x="30" y="40" width="90" height="96" rx="10" fill="#f0f1f4" />
        <rect
          x="26"
          y="36"
          width="98"
          height="104"
          rx="10"
          fill="none"
          stroke="var(--brand, #f96007)"
          strokeWidth="3"
          strokeDasharray="8 5"
        />
      </g>
      {[0.91, 0.62, 0.18].map((score, i) => (
        <g key={score} transform={`translate(182 ${28 + i * 52})`}>
          <rect width="132" height="40" rx="6" fill="#fff" stroke="#e5e6eb" />
          <rect x="10" y="9" width="48" height="7" rx="3" fill="#d9d9d9" />
          <rect
            x="10"
            y="24"
            width={112 * score}
            height="7"
            rx="3"
            fill="var(--brand, #f96007)"
            opacity={0.4 + score * 0.6}
          />
        </g>
      ))}
    </>
  );
}

/** A static picture of what the topic shows once its service is connected (no data, no outside request). */
export function ServicePreviewArt({ viewer, label }: { viewer: TServiceViewer; label: string }) {
  return (
    <svg className="service-state__art" viewBox="0 0 332 200" role="img" aria-label={label}>
      <rect width="332" height="200" rx="10" fill="#f7f8fa" />
      {viewer === 'baidu_ai' ? <ClassifierArt /> : <DashboardArt />}
    </svg>
  );
}
