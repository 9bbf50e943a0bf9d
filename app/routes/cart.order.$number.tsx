import { data, Link, redirect } from 'react-router';
import { requestContext } from '#app/.server/context.ts';
import { pageMeta } from '#app/lib/meta.ts';
import { MY_ORDERS_PATH } from '#app/modules/orders/orders.constants.ts';
import { signInRedirect } from '#app/modules/auth/profile.server.ts';
import { ownOrder } from '#app/modules/orders/orders.server.ts';
import { OrderCard } from '#app/modules/orders/ui/OrderCard.tsx';
import styles from '#app/modules/orders/ui/orders.module.css';
import { invitationsFor } from '#app/modules/questionnaires/questionnaire-links.server.ts';
import { respondentOf } from '#app/modules/questionnaires/questionnaires.server.ts';
import { QuestionnaireInvite } from '#app/modules/questionnaires/ui/QuestionnaireInvite.tsx';
import type { Route } from './+types/cart.order.$number';

/** The confirmation page of an order: only its account sees it (a guest signs in first); anyone else gets 404. */
export async function loader({ context, params, request }: Route.LoaderArgs) {
  const ctx = context.get(requestContext);
  if (ctx.session?.userId == null) throw redirect(signInRedirect(new URL(request.url).pathname));
  const order = await ownOrder(ctx, params.number);
  if (!order) throw data(null, { status: 404 });
  // A questionnaire an employee linked to the order, until he answers it (ADR 103).
  const invitations = await invitationsFor(ctx.services, [{ kind: 'order', number: order.number }], respondentOf(ctx.session.userId, null));
  return { order, invitation: invitations[order.number] ?? null };
}

export function headers() {
  return { 'Cache-Control': 'private, no-store' };
}

export const meta: Route.MetaFunction = ({ loaderData: d }) => [
  ...pageMeta(d ? `Заказ ${d.order.number} оформлен` : 'Заказ', 'Ваш заказ принят.'),
  { name: 'robots', content: 'noindex, nofollow' },
];

export default function OrderConfirmation({ loaderData: { order, invitation } }: Route.ComponentProps) {
  return (
    <div className={`container ${styles.confirm}`}>
      <section className={styles.done} role="status">
        <h1>Спасибо! Заказ {order.number} оформлен</h1>
        <p>
          Менеджер филиала «{order.branch.name}» свяжется с вами по телефону {order.phone}, чтобы подтвердить заказ.
          {order.notice?.channel === 'email' ? ` Письмо с заказом отправлено на ${order.notice.to}.`
            : order.notice?.channel === 'sms' ? ` SMS с номером заказа отправлено на ${order.notice.to}.` : null}
        </p>
      </section>
      <OrderCard order={order} extra={invitation ? <QuestionnaireInvite invitation={invitation} /> : null} />
      <p><Link to={MY_ORDERS_PATH}>Все мои заказы</Link></p>
    </div>
  );
}
