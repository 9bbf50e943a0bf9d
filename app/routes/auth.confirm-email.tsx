import { Form, redirect, useNavigation } from 'react-router';
import { Link } from '#app/components/ui/Link.tsx';
import { requestContext } from '#app/.server/context.ts';
import { pageMeta } from '#app/lib/meta.ts';
import { confirmEmail, isConfirmTokenValid } from '#app/modules/auth/auth.server.ts';
import type { Route } from './+types/auth.confirm-email';
import styles from './auth.reset-password.module.css';

/*
 * The page the registration letter links to. Opening it changes nothing: mail scanners and link
 * previews open links, and a GET that spent the token would confirm the address (and sign in) for
 * whoever opened it first. The button posts the token (a plain form with the CSRF field, so it works
 * before the scripts load); the action spends it, signs in and sends the browser to the result, so a
 * reload never posts again. A used or expired link lands where it always did: /?auth=link-invalid,
 * which explains and offers sign-in or recovery.
 */

const LINK_INVALID = '/?auth=link-invalid';
const CONFIRMED = '/auth/confirm-email?confirmed=1';

export async function loader({ context, url }: Route.LoaderArgs) {
  const ctx = context.get(requestContext);
  if (url.searchParams.get('confirmed') === '1') {
    // The result page only makes sense to the browser that just confirmed (it is signed in now).
    if (ctx.session?.userId == null) throw redirect('/');
    return { confirmed: true as const, token: '', csrf: ctx.csrfToken };
  }
  const token = url.searchParams.get('token') ?? '';
  if (!token || !(await isConfirmTokenValid(ctx, token))) throw redirect(LINK_INVALID);
  return { confirmed: false as const, token, csrf: ctx.csrfToken };
}

export async function action({ context, request }: Route.ActionArgs) {
  const ctx = context.get(requestContext);
  const form = await request.formData();
  const token = form.get('token');
  const outcome = typeof token === 'string' && token ? await confirmEmail(ctx, token) : { ok: false as const };
  return redirect(outcome.ok ? CONFIRMED : LINK_INVALID, 303);
}

export const meta: Route.MetaFunction = () => [...pageMeta('Подтверждение e-mail', 'Подтвердите e-mail, чтобы завершить регистрацию.'), { name: 'robots', content: 'noindex' }];

export const headers = () => ({ 'Cache-Control': 'no-store', 'Referrer-Policy': 'no-referrer' });

export default function ConfirmEmail({ loaderData }: Route.ComponentProps) {
  const busy = useNavigation().state === 'submitting';
  if (loaderData.confirmed) {
    return (
      <div className={`container ${styles.page}`}>
        <h1>E-mail подтверждён</h1>
        <div className={styles.form}>
          <p role="status">Регистрация завершена, вы вошли в личный кабинет. Добро пожаловать в Агротехнику!</p>
          <Link to="/profile" className="btn btn-primary">Перейти в личный кабинет</Link>
          <Link to="/" className="btn btn-secondary">На главную</Link>
        </div>
      </div>
    );
  }
  return (
    <div className={`container ${styles.page}`}>
      <h1>Подтверждение e-mail</h1>
      <Form method="post" className={styles.form}>
        <input type="hidden" name="_csrf" value={loaderData.csrf} />
        <input type="hidden" name="token" value={loaderData.token} />
        <p>Чтобы завершить регистрацию, подтвердите, что этот e-mail ваш. После подтверждения вы войдёте в личный кабинет.</p>
        <button type="submit" className="btn btn-primary" disabled={busy}>{busy ? 'Подтверждаем…' : 'Подтвердить e-mail'}</button>
      </Form>
    </div>
  );
}
