import { Form, Link, data, redirect, useNavigation } from 'react-router';
import { requestContext } from '#app/.server/context.ts';
import { pageMeta } from '#app/lib/meta.ts';
import { AUTH_MESSAGES, passwordStepInput } from '#app/modules/auth/auth.schema.ts';
import { isResetTokenValid, resetPasswordByEmailToken } from '#app/modules/auth/auth.server.ts';
import type { Route } from './+types/auth.reset-password';
import styles from './auth.reset-password.module.css';

/** The page a password-reset e-mail links to: a new password twice, then signed in. */
export async function loader({ context, url }: Route.LoaderArgs) {
  const ctx = context.get(requestContext);
  const token = url.searchParams.get('token') ?? '';
  return { token, valid: token ? await isResetTokenValid(ctx, token) : false, csrf: ctx.csrfToken };
}

export async function action({ context, request }: Route.ActionArgs) {
  const ctx = context.get(requestContext);
  const form = await request.formData();
  const parsed = passwordStepInput.safeParse({ pass1: form.get('pass1'), pass2: form.get('pass2') });
  if (!parsed.success) return data({ error: parsed.error.issues[0]!.message }, { status: 400 });
  const outcome = await resetPasswordByEmailToken(ctx, String(form.get('token') ?? ''), parsed.data.pass1);
  if (!outcome.ok) return data({ error: outcome.message }, { status: 422 });
  return redirect('/profile');
}

export const meta: Route.MetaFunction = () => [...pageMeta('Новый пароль', 'Задайте новый пароль для входа в личный кабинет.'), { name: 'robots', content: 'noindex' }];

export const headers = () => ({ 'Cache-Control': 'no-store' });

export default function ResetPassword({ loaderData, actionData }: Route.ComponentProps) {
  const busy = useNavigation().state === 'submitting';
  return (
    <div className={`container ${styles.page}`}>
      <h1>Задайте пароль</h1>
      {loaderData.valid ? (
        <Form method="post" className={styles.form} noValidate>
          <input type="hidden" name="_csrf" value={loaderData.csrf} />
          <input type="hidden" name="token" value={loaderData.token} />
          <label htmlFor="pass1">Новый пароль</label>
          <input id="pass1" name="pass1" type="password" autoComplete="new-password" minLength={6} required />
          <label htmlFor="pass2">Пароль ещё раз</label>
          <input id="pass2" name="pass2" type="password" autoComplete="new-password" required />
          {actionData?.error ? <p role="alert" className={styles.error}>{actionData.error}</p> : null}
          <p className={styles.hint}>{AUTH_MESSAGES.passwordTooShort.replace('Слишком короткий пароль. ', '')}</p>
          <button type="submit" className="btn btn-primary" disabled={busy}>{busy ? 'Сохраняем…' : 'Сохранить и войти'}</button>
        </Form>
      ) : (
        <div className={styles.form}>
          <p role="alert">Ссылка устарела или уже использована. Запросите восстановление пароля ещё раз.</p>
          <Link to="/login" className="btn btn-brand">Войти или восстановить пароль</Link>
        </div>
      )}
    </div>
  );
}
