import { redirect } from 'react-router';
import { requestContext } from '#app/.server/context.ts';
import { pageMeta } from '#app/lib/meta.ts';
import { signInRedirect } from '#app/modules/auth/profile.server.ts';
import { MY_ORDERS_PATH, MY_ORDERS_TITLE } from '#app/modules/orders/orders.constants.ts';
import { myOrders } from '#app/modules/orders/orders.server.ts';
import { OrderCard } from '#app/modules/orders/ui/OrderCard.tsx';
import styles from '#app/modules/orders/ui/orders.module.css';
import profile from './profile.module.css';
import type { Route } from './+types/profile.orders';

/** 'Мои заказы': the user's orders with status, lines, totals and attachments (the layout sends guests to sign in). */
export async function loader({ context }: Route.LoaderArgs) {
  const orders = await myOrders(context.get(requestContext));
  if (!orders) throw redirect(signInRedirect(MY_ORDERS_PATH));
  return { orders };
}

export const meta = () => [...pageMeta(MY_ORDERS_TITLE, 'Ваши заказы, их состояние и приложенные файлы.'), { name: 'robots', content: 'noindex, nofollow' }];

export const handle = { crumbs: () => [{ label: 'Личный кабинет', to: '/profile' }] };

export default function ProfileOrders({ loaderData: { orders } }: Route.ComponentProps) {
  return (
    <section>
      <h1 className={profile.title}>{MY_ORDERS_TITLE}</h1>
      {orders.length === 0 ? (
        <div className={profile.empty}>
          <p>Заказов пока нет</p>
          <p className={profile.muted}>Положите запчасти в корзину и оформите заказ — он появится здесь.</p>
        </div>
      ) : (
        <div className={styles.list}>
          {orders.map((o) => <OrderCard key={o.number} order={o} headingLevel={2} />)}
        </div>
      )}
    </section>
  );
}
