import { Form, data, redirect, useNavigation } from 'react-router';
import { requestContext } from '#app/.server/context.ts';
import { Link } from '#app/components/ui/Link.tsx';
import { pageMeta } from '#app/lib/meta.ts';
import { acceptInvitation, invitationOf, INVITATION_PATH } from '#app/modules/suppliers/invitations.server.ts';
import { INVITATION_MESSAGES } from '#app/modules/suppliers/suppliers.schema.ts';
import type { Route } from './+types/supplier-invitation.$token';
import styles from './auth.reset-password.module.css';

/*
 * The link of a supplier's invitation (issue 32 §1, ADR 101). Opening it changes nothing (mail
 * scanners open links): a guest is offered to sign in or register with the invited address and come
 * back; a signed-in visitor takes it with a button (a form with the CSRF field), and lands in the
 * supplier cabinet. A used, expired or unknown link says so, the same for each.
 */

export async function loader({ context, params }: Route.LoaderArgs) {
  const ctx = context.get(requestContext);
  const token = params.token ?? '';
  const invitation = await invitationOf(ctx.services.db, token);
  const here = `${INVITATION_PATH}/${encodeURIComponent(token)}`;
  if (!invitation) return data({ invitation: null, signedIn: false, here, csrf: ctx.csrfToken }, { status: 404 });
  return { invitation, signedIn: ctx.session?.userId != null, here, csrf: ctx.csrfToken };
}

export async function action({ context, params }: Route.ActionArgs) {
  const ctx = context.get(requestContext);
  const token = params.token ?? '';
  const userId = ctx.session?.userId;
  if (userId == null) throw redirect(`/login?redirect=${encodeURIComponent(`${INVITATION_PATH}/${token}`)}`);
  const outcome = await acceptInvitation(ctx.services.db, token, userId, ctx.ip);
  if (!outcome.ok) return data({ error: outcome.message }, { status: 409 });
  return redirect('/suppliers', 303);
}

export const meta: Route.MetaFunction = () => [...pageMeta('Приглашение в кабинет поставщика', 'Приглашение в кабинет поставщика Агротехники.'), { name: 'robots', content: 'noindex' }];

export const headers = () => ({ 'Cache-Control': 'no-store', 'Referrer-Policy': 'no-referrer' });

export default function SupplierInvitation({ loaderData, actionData }: Route.ComponentProps) {
  const busy = useNavigation().state === 'submitting';
  const { invitation, signedIn, here, csrf } = loaderData;
  if (!invitation) {
    return (
      <div className={`container ${styles.page}`}>
        <h1>Приглашение в кабинет поставщика</h1>
        <div className={styles.form}><p role="alert" data-testid="invitation-invalid">{INVITATION_MESSAGES.invalid}</p></div>
      </div>
    );
  }
  const back = encodeURIComponent(here);
  return (
    <div className={`container ${styles.page}`}>
      <h1>Приглашение в кабинет поставщика</h1>
      <div className={styles.form} data-testid="invitation">
        <p>Вас пригласили в кабинет поставщика «{invitation.organisation}» на сайте «Агротехники»: загрузка прайс-листов, их обработка и уведомления.</p>
        <p>Приглашение отправлено на <strong>{invitation.email}</strong>.</p>
        {actionData?.error ? <p role="alert" className={styles.error}>{actionData.error}</p> : null}
        {signedIn ? (
          <Form method="post">
            <input type="hidden" name="_csrf" value={csrf} />
            <button type="submit" className="btn btn-primary" disabled={busy}>{busy ? 'Подключаем…' : 'Принять приглашение'}</button>
          </Form>
        ) : (
          <>
            <p>Войдите или зарегистрируйтесь с этим адресом — вы вернётесь сюда и примете приглашение. После регистрации подтвердите адрес по письму и откройте эту ссылку снова.</p>
            <Link to={`/login?redirect=${back}`} className="btn btn-primary">Войти</Link>
            <Link to={`/signup?redirect=${back}`} className="btn btn-secondary">Зарегистрироваться</Link>
          </>
        )}
      </div>
    </div>
  );
}
