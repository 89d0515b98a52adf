import { Role, type TServiceViewer, type TViewerStatus } from '@portal/contract';
import { useSession } from '../../../../app/session/sessionStore.ts';
import { SERVICE_TEXT } from '../../serviceTexts.ts';
import { ServicePreviewArt } from './ServicePreviewArt.tsx';

/** The value to write for a missing setting, when the page knows it (the dashboard's own origin). */
function example(name: string, status: TViewerStatus): string | null {
  return name === 'DASHBOARD_ORIGINS' && status.origin !== '' ? `${name}=${status.origin}` : null;
}

/**
 * One designed state for every topic whose outside service is not connected here: what the
 * topic is, a static picture of what it will show, and how it gets connected — the settings an
 * admin must make, or for everyone else whom to ask. Replaces a blank or CSP-refused frame.
 */
export function ServiceNotConnected({ viewer, status }: { viewer: TServiceViewer; status: TViewerStatus }) {
  const { roles } = useSession();
  const service = SERVICE_TEXT.services[viewer];
  const admin = roles.includes(Role.admin);
  return (
    <div className="service-state" role="status">
      <div className="service-state__text">
        <h2 className="service-state__title">{SERVICE_TEXT.title(service.name)}</h2>
        <p className="service-state__about">{service.about}</p>
        <h3 className="service-state__how">{SERVICE_TEXT.howTitle}</h3>
        {admin ? (
          <>
            <p>{SERVICE_TEXT.adminIntro}</p>
            <ul className="service-state__settings">
              {status.missing.map((name) => (
                <li key={name}>
                  <code>{example(name, status) ?? name}</code>
                  <span>{SERVICE_TEXT.settings[name] ?? ''}</span>
                </li>
              ))}
            </ul>
            {viewer !== 'baidu_ai' && <p className="service-state__note">{SERVICE_TEXT.adminAddress}</p>}
          </>
        ) : (
          <p>{SERVICE_TEXT.forUsers}</p>
        )}
      </div>
      <figure className="service-state__preview">
        <ServicePreviewArt viewer={viewer} label={SERVICE_TEXT.previewLabel(service.name)} />
        <figcaption>{SERVICE_TEXT.previewCaption}</figcaption>
      </figure>
    </div>
  );
}
