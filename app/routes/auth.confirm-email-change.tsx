import { Form, redirect, useNavigation } from 'react-router';
import { requestContext } from '#app/.server/context.ts';
import { pageMeta } from '#app/lib/meta.ts';
import { EMAIL_CHANGE_RESULT_PARAM, type EmailChangeResult } from '#app/modules/auth/profile.schema.ts';
import { confirmEmailChange, isEmailChangeTokenValid } from '#app/modules/auth/profile.server.ts';
import type { Route } from './+types/auth.confirm-email-change';
import styles from './auth.reset-password.module.css';

/*
 * The page the e-mail change letter links to. Like the registration letter's page, opening it
 * changes nothing (mail scanners open links); the button posts the token, and the profile shows
 * the result.
 */

const resultUrl = (result: EmailChangeResult) => `/profile?${EMAIL_CHANGE_RESULT_PARAM}=${result}`;

export async function loader({ context, url }: Route.LoaderArgs) {
  const ctx = context.get(requestContext);
  const token = url.searchParams.get('token') ?? '';
  if (!(await isEmailChangeTokenValid(ctx, token))) throw redirect(resultUrl('link-invalid'));
  return { token, csrf: ctx.csrfToken };
}

export async function action({ context, request }: Route.ActionArgs) {
  const ctx = context.get(requestContext);
  const token = (await request.formData()).get('token');
  const outcome = await confirmEmailChange(ctx, typeof token === 'string' ? token : '');
  const result: EmailChangeResult = outcome.ok ? 'changed' : outcome.code === 'email_exists' ? 'taken' : 'link-invalid';
  return redirect(resultUrl(result), 303);
}

export const meta: Route.MetaFunction = () => [...pageMeta('Подтверждение нового e-mail', 'Подтвердите новый e-mail для личного кабинета.'), { name: 'robots', content: 'noindex' }];

export const headers = () => ({ 'Cache-Control': 'no-store', 'Referrer-Policy': 'no-referrer' });

export default function ConfirmEmailChange({ loaderData }: Route.ComponentProps) {
  const busy = useNavigation().state === 'submitting';
  return (
    <div className={`container ${styles.page}`}>
      <h1>Подтверждение нового e-mail</h1>
      <Form method="post" className={styles.form}>
        <input type="hidden" name="_csrf" value={loaderData.csrf} />
        <input type="hidden" name="token" value={loaderData.token} />
        <p>Подтвердите, что этот адрес ваш: после этого он станет e-mail вашего личного кабинета.</p>
        <button type="submit" className="btn btn-primary" disabled={busy}>{busy ? 'Подтверждаем…' : 'Подтвердить новый e-mail'}</button>
      </Form>
    </div>
  );
}
