import { useState } from 'react';
import './OrganLogo.css';

/** An organisation's logo (directory, detail pages, the search page's 机构 tab), or the first character of the name on a tinted square when there is none (or it fails). */
export function OrganLogo({ src, name, size = 64 }: { src: string; name: string; size?: number }) {
  const [failed, setFailed] = useState(false);
  const style = { width: size, height: size };
  if (src === '' || failed) {
    return (
      <span
        className="organ-logo organ-logo--text"
        style={{ ...style, fontSize: size * 0.42 }}
        aria-hidden="true"
      >
        {[...name][0] ?? ''}
      </span>
    );
  }
  return <img className="organ-logo" src={src} alt="" style={style} onError={() => setFailed(true)} />;
}
