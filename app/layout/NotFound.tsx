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
