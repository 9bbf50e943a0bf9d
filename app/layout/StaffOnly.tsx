import { useContext, type ReactNode } from 'react';
import { isRouteErrorResponse, useRouteError } from 'react-router';
import { Link } from '#app/components/ui/Link.tsx';
import { LayoutUiContext } from '#app/components/page/layout-ui.tsx';
import { PageFailed } from './NotFound.tsx';

/**
 * The error boundary of an employees' page: its loader throws 403 with `{ guest }` for everyone
 * else; a guest may sign in from here and come back. Anything else is the shop's error page.
 */
export function StaffOnlyBoundary({ path, why, links }: { path: string; why: string; links?: ReactNode }) {
  const error = useRouteError();
  const ui = useContext(LayoutUiContext);
  if (!isRouteErrorResponse(error) || error.status !== 403) {
    return <PageFailed />;
  }
  const guest = (error.data as { guest?: boolean } | null)?.guest ?? true;
  return (
    <div className="container" style={{ padding: '48px 16px' }} data-testid="forbidden">
      <h1>Доступ запрещён</h1>
      <p>{why}</p>
      <p>
        {guest ? (
          <a
            href={`/login?redirect=${encodeURIComponent(path)}`}
            className="btn btn-brand"
            onClick={ui ? (e) => { e.preventDefault(); ui.openAuth({ form: 'EnterEmail', redirect: path }); } : undefined}
          >
            Войти
          </a>
        ) : null}{' '}
        {links}
        <Link to="/" className="btn btn-secondary">На главную</Link>
      </p>
    </div>
  );
}
