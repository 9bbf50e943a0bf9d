import { data, redirect } from 'react-router';
import { requestContext } from '#app/.server/context.ts';
import { pageMeta } from '#app/lib/meta.ts';
import { signInRedirect } from '#app/modules/auth/profile.server.ts';
import { MY_ORDERS_PATH, MY_ORDERS_TITLE, ORDER_WORK_MESSAGES } from '#app/modules/orders/orders.constants.ts';
import { myOrders, ownOrderParts } from '#app/modules/orders/orders.server.ts';
import { addToCart } from '#app/modules/cart/cart.server.ts';
import { confirmOrderPrices } from '#app/modules/orders/order-work.server.ts';
import { viewerOf } from '#app/modules/auth/users.server.ts';
import { OrderCard } from '#app/modules/orders/ui/OrderCard.tsx';
import styles from '#app/modules/orders/ui/orders.module.css';
import profile from './profile.module.css';
import { invitationsFor } from '#app/modules/questionnaires/questionnaire-links.server.ts';
import { respondentOf } from '#app/modules/questionnaires/questionnaires.server.ts';
import { QuestionnaireInvite } from '#app/modules/questionnaires/ui/QuestionnaireInvite.tsx';
import type { Route } from './+types/profile.orders';

/** 'Мои заказы': the user's orders with status, lines, totals and attachments (the layout sends guests to sign in). */
export async function loader({ context, url }: Route.LoaderArgs) {
  const ctx = context.get(requestContext);
  const orders = await myOrders(ctx);
  if (!orders) throw redirect(signInRedirect(MY_ORDERS_PATH));
  // 'Пройти опрос' on the orders an employee linked a questionnaire to, until he answers it (ADR 103).
  const invitations = await invitationsFor(ctx.services, orders.map((o) => ({ kind: 'order', number: o.number })), respondentOf(ctx.session!.userId!, null));
  return { orders, invitations, csrf: ctx.csrfToken, confirmed: url.searchParams.get('confirmed') };
}

/** 'Подтвердить цены': the customer agrees to the prices his branch named for 'по запросу' lines. */
export async function action({ context, request }: Route.ActionArgs) {
  const ctx = context.get(requestContext);
  if (ctx.session?.userId == null) return redirect(signInRedirect(MY_ORDERS_PATH));
  const form = await request.formData();
  const number = form.get('number');
  const intent = form.get('intent');
  if (typeof number !== 'string' || (intent !== 'confirm-prices' && intent !== 'repeat')) return data({ message: 'Некорректный запрос' }, { status: 400 });
  if (intent === 'repeat') {
    // The page composes the two modules: the order's parts go into the cart at today's prices.
    const parts = await ownOrderParts(ctx, number);
    if (!parts) return data({ message: ORDER_WORK_MESSAGES.notFound }, { status: 404 });
    if (!parts.length) return data({ message: 'Запчастей этого заказа больше нет в каталоге' }, { status: 409 });
    const added = await addToCart(ctx, parts);
    if (!added.ok) return data({ message: added.message }, { status: 409 });
    return redirect('/cart');
  }
  const viewer = await viewerOf(ctx);
  const result = await confirmOrderPrices(ctx, number, viewer.userName ?? 'Покупатель');
  if (!result.ok) return data({ message: result.message }, { status: result.status });
  return redirect(`${MY_ORDERS_PATH}?confirmed=${encodeURIComponent(number)}`);
}

export const meta = () => [...pageMeta(MY_ORDERS_TITLE, 'Ваши заказы, их состояние и приложенные файлы.'), { name: 'robots', content: 'noindex, nofollow' }];

export const handle = { crumbs: () => [{ label: 'Личный кабинет', to: '/profile' }] };

export default function ProfileOrders({ loaderData: { orders, invitations, csrf, confirmed }, actionData }: Route.ComponentProps) {
  return (
    <section>
      <h1 className={profile.title}>{MY_ORDERS_TITLE}</h1>
      {confirmed && !actionData ? <p className={profile.muted} role="status">{`Цены заказа ${confirmed} подтверждены. Менеджер соберёт заказ.`}</p> : null}
      {actionData?.message ? <p role="alert">{actionData.message}</p> : null}
      {orders.length === 0 ? (
        <div className={profile.empty}>
          <p>Заказов пока нет</p>
          <p className={profile.muted}>Положите запчасти в корзину и оформите заказ — он появится здесь.</p>
        </div>
      ) : (
        <div className={styles.list}>
          {orders.map((o) => {
            const invitation = invitations[o.number];
            return <OrderCard key={o.number} order={o} headingLevel={2} csrf={csrf} extra={invitation ? <QuestionnaireInvite invitation={invitation} /> : null} />;
          })}
        </div>
      )}
    </section>
  );
}
