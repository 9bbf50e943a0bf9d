import { Form, data } from 'react-router';
import { requestContext } from '#app/.server/context.ts';
import { Link } from '#app/components/ui/Link.tsx';
import { pageMeta } from '#app/lib/meta.ts';
import { signInRedirect } from '#app/modules/auth/profile.server.ts';
import { TRANSPORT_PATH, TRANSPORT_TITLE } from '#app/modules/transport/transport.constants.ts';
import { loadsQuery } from '#app/modules/transport/transport.schema.ts';
import { carrierHistory, openLoads, ownLoads, transportViewerOf } from '#app/modules/transport/transport.server.ts';
import { LoadCard } from '#app/modules/transport/ui/LoadCard.tsx';
import styles from '#app/modules/transport/ui/Transport.module.css';
import type { Route } from './+types/transportation-orders';

/*
 * /transportation-orders (spec §2, ADR 097): a carrier sees the open loads (filtered by the cities,
 * in pages) and the loads he bid on; a customer sees his own loads and posts a new one; a guest is
 * asked to sign in. Personal: never in the page cache or a shared cache.
 */

const NO_STORE = { 'Cache-Control': 'private, no-store' } as const;

export async function loader({ context, url }: Route.LoaderArgs) {
  const ctx = context.get(requestContext);
  const viewer = await transportViewerOf(ctx);
  if (!viewer) return data({ guest: true as const, signIn: signInRedirect(url.pathname + url.search) }, { headers: NO_STORE });
  const query = loadsQuery.parse(Object.fromEntries(url.searchParams));
  const [open, history, own] = await Promise.all([
    viewer.carrier ? openLoads(ctx.services.db, query) : null,
    viewer.carrier ? carrierHistory(ctx.services.db, viewer.userId) : [],
    ownLoads(ctx.services.db, viewer.userId),
  ]);
  return data({ guest: false as const, carrier: viewer.carrier, query, open, history, own }, { headers: NO_STORE });
}

export function headers() {
  return NO_STORE;
}

export const meta: Route.MetaFunction = () => [
  ...pageMeta(`${TRANSPORT_TITLE} «Агротехники»`, 'Перевозка сельхозтехники: разместите груз, перевозчики предложат цену и дату.'),
  { name: 'robots', content: 'noindex, follow' },
];

function pageLink(query: { from?: string; to?: string }, page: number): string {
  const params = new URLSearchParams();
  if (query.from) params.set('from', query.from);
  if (query.to) params.set('to', query.to);
  if (page > 1) params.set('page', String(page));
  const s = params.toString();
  return s ? `${TRANSPORT_PATH}?${s}` : TRANSPORT_PATH;
}

export default function TransportationOrders({ loaderData: d }: Route.ComponentProps) {
  if (d.guest) {
    return (
      <div className={`container ${styles.page}`}>
        <h1>{TRANSPORT_TITLE}</h1>
        <p className={styles.lead}>Разместите груз — перевозчики предложат цену и дату, вы выберете лучшее предложение. Перевозчики видят открытые грузы и отвечают на них.</p>
        <section className={styles.empty} data-testid="transport-guest">
          <h2>Войдите, чтобы продолжить</h2>
          <p>Биржа перевозок доступна после входа: <Link to={d.signIn}>войти или зарегистрироваться</Link>.</p>
        </section>
      </div>
    );
  }
  const { open, history, own, query } = d;
  return (
    <div className={`container ${styles.page}`}>
      <div className={styles.head}>
        <h1>{TRANSPORT_TITLE}</h1>
        <Link to={`${TRANSPORT_PATH}/new`} className="btn btn-primary" data-testid="post-load">Разместить груз</Link>
      </div>
      {open ? (
        <section className={styles.section} aria-labelledby="open-title">
          <h2 id="open-title">Открытые грузы</h2>
          <Form method="get" className={styles.filters} role="search">
            <label>Откуда <input name="from" defaultValue={query.from ?? ''} maxLength={100} /></label>
            <label>Куда <input name="to" defaultValue={query.to ?? ''} maxLength={100} /></label>
            <button type="submit" className="btn btn-secondary">Найти</button>
            {query.from || query.to ? <Link to={TRANSPORT_PATH}>Сбросить</Link> : null}
          </Form>
          {open.loads.length ? (
            <>
              <p className={styles.meta}>Найдено грузов: {open.total}</p>
              <ul className={styles.list} data-testid="open-loads">{open.loads.map((l) => <LoadCard key={l.id} load={l} />)}</ul>
              {open.pages > 1 ? (
                <nav className={styles.pager} aria-label="Страницы">
                  {open.page > 1 ? <Link to={pageLink(query, open.page - 1)}>← Назад</Link> : null}
                  <span>Страница {open.page} из {open.pages}</span>
                  {open.page < open.pages ? <Link to={pageLink(query, open.page + 1)}>Дальше →</Link> : null}
                </nav>
              ) : null}
            </>
          ) : (
            <div className={styles.empty} data-testid="open-empty">
              <h2>Открытых грузов нет</h2>
              <p>{query.from || query.to ? 'По этому маршруту грузов нет: измените города или сбросьте фильтр.' : 'Новые грузы появятся здесь, как только клиенты их разместят.'}</p>
            </div>
          )}
        </section>
      ) : null}
      {history.length ? (
        <section className={styles.section} aria-labelledby="history-title">
          <h2 id="history-title">Мои ставки</h2>
          <ul className={styles.list}>{history.map((l) => <LoadCard key={l.id} load={l} extra={l.won ? 'Ваша ставка выбрана' : 'Выбран другой перевозчик'} />)}</ul>
        </section>
      ) : null}
      <section className={styles.section} aria-labelledby="own-title">
        <h2 id="own-title">Мои грузы</h2>
        {own.length ? (
          <ul className={styles.list} data-testid="own-loads">{own.map((l) => <LoadCard key={l.id} load={l} />)}</ul>
        ) : (
          <div className={styles.empty}>
            <h2>Вы ещё не размещали грузы</h2>
            <p>Укажите, откуда и куда везти технику, её размеры и массу — перевозчики предложат цену.</p>
          </div>
        )}
      </section>
    </div>
  );
}
