import { useEffect, useRef } from 'react';
import { Form, data, redirect, useNavigation } from 'react-router';
import { Link } from '#app/components/ui/Link.tsx';
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
  if (!parsed.success) {
    const issue = parsed.error.issues[0]!;
    return data({ error: issue.message, field: issue.path[0] === 'pass2' ? 'pass2' as const : 'pass1' as const }, { status: 400 });
  }
  const outcome = await resetPasswordByEmailToken(ctx, String(form.get('token') ?? ''), parsed.data.pass1);
  if (!outcome.ok) return data({ error: outcome.message, field: null }, { status: 422 });
  return redirect('/profile');
}

export const meta: Route.MetaFunction = () => [...pageMeta('Новый пароль', 'Задайте новый пароль для входа в личный кабинет.'), { name: 'robots', content: 'noindex' }];

export const headers = () => ({ 'Cache-Control': 'no-store' });

export default function ResetPassword({ loaderData, actionData }: Route.ComponentProps) {
  const busy = useNavigation().state === 'submitting';
  const pass1 = useRef<HTMLInputElement>(null);
  const pass2 = useRef<HTMLInputElement>(null);
  const invalid = actionData?.field ?? null;
  // A refused password takes focus back to the field to correct (its message is read with it).
  useEffect(() => {
    if (invalid === 'pass2') pass2.current?.focus();
    else if (invalid === 'pass1') pass1.current?.focus();
  }, [actionData, invalid]);
  const described = (name: 'pass1' | 'pass2') => (invalid === name ? { 'aria-invalid': true as const, 'aria-describedby': 'reset-error' } : {});
  return (
    <div className={`container ${styles.page}`}>
      <h1>Задайте пароль</h1>
      {loaderData.valid ? (
        <Form method="post" className={styles.form} noValidate>
          <input type="hidden" name="_csrf" value={loaderData.csrf} />
          <input type="hidden" name="token" value={loaderData.token} />
          <label htmlFor="pass1">Новый пароль</label>
          <input ref={pass1} id="pass1" name="pass1" type="password" autoComplete="new-password" minLength={6} required {...described('pass1')} />
          <label htmlFor="pass2">Пароль ещё раз</label>
          <input ref={pass2} id="pass2" name="pass2" type="password" autoComplete="new-password" required {...described('pass2')} />
          {actionData?.error ? <p id="reset-error" role="alert" className={styles.error}>{actionData.error}</p> : null}
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
