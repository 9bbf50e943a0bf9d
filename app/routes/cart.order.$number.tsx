import { data, Link } from 'react-router';
import { requestContext } from '#app/.server/context.ts';
import { pageMeta } from '#app/lib/meta.ts';
import { MY_ORDERS_PATH } from '#app/modules/orders/orders.constants.ts';
import { ownOrder } from '#app/modules/orders/orders.server.ts';
import { OrderCard } from '#app/modules/orders/ui/OrderCard.tsx';
import styles from '#app/modules/orders/ui/orders.module.css';
import type { Route } from './+types/cart.order.$number';

/** The confirmation page of an order: only its owner (the account, or a guest's session) sees it; anyone else gets 404. */
export async function loader({ context, params }: Route.LoaderArgs) {
  const ctx = context.get(requestContext);
  const order = await ownOrder(ctx, params.number);
  if (!order) throw data(null, { status: 404 });
  return { order, signedIn: ctx.session?.userId != null };
}

export function headers() {
  return { 'Cache-Control': 'private, no-store' };
}

export const meta: Route.MetaFunction = ({ loaderData: d }) => [
  ...pageMeta(d ? `Заказ ${d.order.number} оформлен` : 'Заказ', 'Ваш заказ принят.'),
  { name: 'robots', content: 'noindex, nofollow' },
];

export default function OrderConfirmation({ loaderData: { order, signedIn } }: Route.ComponentProps) {
  return (
    <div className={`container ${styles.confirm}`}>
      <section className={styles.done} role="status">
        <h1>Спасибо! Заказ {order.number} оформлен</h1>
        <p>
          Менеджер филиала «{order.branch.name}» свяжется с вами по телефону {order.phone}, чтобы подтвердить заказ.
          Письмо с заказом отправлено на {order.email}.
        </p>
      </section>
      <OrderCard order={order} />
      {signedIn ? <p><Link to={MY_ORDERS_PATH}>Все мои заказы</Link></p> : <p><Link to="/">На главную</Link></p>}
    </div>
  );
}
