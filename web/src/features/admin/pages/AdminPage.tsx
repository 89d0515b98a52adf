import { Navigate, Route, Routes } from 'react-router';
import { ADMIN_SECTIONS, sectionPath } from '../layout/sections.ts';

/**
 * 管理后台 (/admin/*, role 2 only): the back-office's sections, each lazily loaded inside the
 * admin layout (layout/AdminLayout.tsx). /admin itself opens the first section.
 */
export function AdminPage() {
  const first = ADMIN_SECTIONS[0];
  return (
    <Routes>
      {first ? <Route index element={<Navigate to={sectionPath(first)} replace />} /> : null}
      {ADMIN_SECTIONS.map(({ key, path, Screen }) => (
        <Route key={key} path={`${path}/*`} element={<Screen />} />
      ))}
      <Route path="*" element={<Navigate to="/404" replace />} />
    </Routes>
  );
}
