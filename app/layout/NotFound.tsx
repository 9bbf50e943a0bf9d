import { Link } from '#app/components/ui/Link.tsx';

export function NotFound() {
  return (
    <div className="container" style={{ padding: '48px 16px' }} data-testid="not-found">
      <h1>Страница не найдена</h1>
      <p>Возможно, она была перемещена или вы ошиблись в адресе.</p>
      <p>
        <Link to="/" className="btn btn-brand">На главную</Link>{' '}
        <Link to="/catalog" className="btn btn-secondary">Каталог техники</Link>
      </p>
    </div>
  );
}

/** A page that failed to render (anything but a 404): the shop's, the root's and an employees' page's. */
export function PageFailed() {
  return (
    <div className="container" style={{ padding: '48px 16px' }}>
      <h1>Что-то пошло не так</h1>
      <p>Мы уже разбираемся. Обновите страницу или вернитесь на <a href="/">главную</a>.</p>
    </div>
  );
}
