import { isRouteErrorResponse, useLocation, useRouteError } from 'react-router';
import { BACKOFFICE, staffAreaOf } from './staff-areas.ts';

/**
 * What a refused or failed back-office page says (ADR 073): 403 with an offer to sign in when the
 * visitor is a guest (`requireCapability` marks it), anything else as a plain failure.
 */
export function BackofficeError() {
  const error = useRouteError();
  const { pathname, search } = useLocation();
  const forbidden = isRouteErrorResponse(error) && error.status === 403;
  const area = staffAreaOf(pathname) ?? BACKOFFICE;
  if (isRouteErrorResponse(error) && error.status === 404) {
    return (
      <div data-testid="not-found">
        <h1>Страница не найдена</h1>
        <p>{area.missing} <a href={area.home}>К сводке</a></p>
      </div>
    );
  }
  if (!forbidden) {
    return (
      <div>
        <h1>Что-то пошло не так</h1>
        <p>Обновите страницу или вернитесь на <a href="/">главную</a>.</p>
      </div>
    );
  }
  const guest = Boolean((error.data as { guest?: boolean } | null)?.guest);
  return (
    <div data-testid="forbidden">
      <h1>Доступ запрещён</h1>
      <p>{guest ? area.guest : area.refused}</p>
      <p>
        {guest ? <a href={`/login?redirect=${encodeURIComponent(pathname + search)}`} className="btn btn-brand">Войти</a> : null}{' '}
        <a href="/" className="btn btn-secondary">На главную</a>
      </p>
    </div>
  );
}
