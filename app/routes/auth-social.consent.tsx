import { useState } from 'react';
import { Form, data, redirect, useNavigation } from 'react-router';
import { Link } from '#app/components/ui/Link.tsx';
import { requestContext } from '#app/.server/context.ts';
import { ConsentCheckbox } from '#app/components/ui/ConsentCheckbox.tsx';
import { pageMeta } from '#app/lib/meta.ts';
import { isFlagSet } from '#app/modules/auth/auth.schema.ts';
import { completeSocialSignUp, OAUTH_PENDING_COOKIE, OAUTH_PENDING_COOKIE_PATH, openPending, pendingCookieValue, pendingSocialSignUp } from '#app/modules/auth/social-signup.server.ts';
import { PolicyConsentLabel } from '#app/modules/auth/ui/forms/RegistrationStage1.tsx';
import type { Route } from './+types/auth-social.consent';
import styles from './auth-social.consent.module.css';

/**
 * A first social sign-in (spec §5: registration needs acceptGDPR): the provider's profile waits in a
 * signed cookie until the person ticks the personal-data consent here; only then is the account
 * created (with the consents given) and signed in. 'Отказаться' leaves no account behind.
 */
export async function loader({ context, request }: Route.LoaderArgs) {
  const ctx = context.get(requestContext);
  const pending = pendingSocialSignUp(ctx, pendingCookieValue(request.headers.get('cookie')));
  return { pending, csrf: ctx.csrfToken };
}

function dropPendingCookie(secure: boolean): string {
  return `${OAUTH_PENDING_COOKIE}=; Path=${OAUTH_PENDING_COOKIE_PATH}; Max-Age=0; HttpOnly; SameSite=Lax${secure ? '; Secure' : ''}`;
}

export async function action({ context, request }: Route.ActionArgs) {
  const ctx = context.get(requestContext);
  const secure = ctx.services.config.PUBLIC_ORIGIN.startsWith('https:');
  const cookie = pendingCookieValue(request.headers.get('cookie'));
  const form = await request.formData();
  if (form.get('refuse')) {
    const provider = openPending(ctx.services.config.sessionSecret, cookie)?.provider;
    const query = new URLSearchParams({ auth_error: 'access_denied', ...(provider ? { authclient: provider } : {}) });
    return redirect(`/login?${query}`, { headers: { 'Set-Cookie': dropPendingCookie(secure) } });
  }
  const outcome = await completeSocialSignUp(ctx, cookie, { acceptGDPR: isFlagSet(form.get('acceptGDPR')), acceptAds: isFlagSet(form.get('acceptAds')) });
  if (!outcome.ok) return data({ error: outcome.message, code: outcome.code }, { status: outcome.code === 'expired' ? 410 : 400 });
  return redirect(outcome.redirect, { headers: { 'Set-Cookie': dropPendingCookie(secure) } });
}

export const meta: Route.MetaFunction = () => [
  ...pageMeta('Завершение регистрации', 'Подтвердите согласие на обработку персональных данных, чтобы войти через соцсеть.'),
  { name: 'robots', content: 'noindex' },
];

// Per visitor (the pending sign-up): never from the page cache or a shared cache.
export const headers = () => ({ 'Cache-Control': 'no-store' });

export default function SocialConsent({ loaderData, actionData }: Route.ComponentProps) {
  const busy = useNavigation().state === 'submitting';
  const [accepted, setAccepted] = useState(false);
  const [attempted, setAttempted] = useState(actionData?.code === 'consent_required');
  const { pending } = loaderData;
  if (!pending || actionData?.code === 'expired') {
    return (
      <div className={`container ${styles.page}`}>
        <h1>Вход через соцсеть</h1>
        <p role="alert" className={styles.error}>Время на вход через соцсеть истекло. Начните вход заново</p>
        <Link to="/login" className="btn btn-brand">Войти</Link>
      </div>
    );
  }
  return (
    <div className={`container ${styles.page}`}>
      <h1>Завершение регистрации</h1>
      <p className={styles.intro}>
        Вы входите через {pending.providerName} впервые как <strong>{pending.name}</strong>. Чтобы создать личный кабинет,
        подтвердите согласие на обработку персональных данных.
      </p>
      {/* A plain form post: the pending cookie and the new session cookie travel with a full navigation. */}
      <Form
        method="post"
        reloadDocument
        className={styles.form}
        noValidate
        onSubmit={(event) => {
          const submitter = (event.nativeEvent as SubmitEvent).submitter as HTMLButtonElement | null;
          if (submitter?.name === 'refuse') return;
          if (!accepted) { event.preventDefault(); setAttempted(true); }
        }}
      >
        <input type="hidden" name="_csrf" value={loaderData.csrf} />
        <ConsentCheckbox name="acceptGDPR" checked={accepted} onChange={setAccepted} submitAttempted={attempted}>
          <PolicyConsentLabel />
        </ConsentCheckbox>
        <ConsentCheckbox variant="ads" name="acceptAds" />
        <div className={styles.actions}>
          <button type="submit" className="btn btn-primary" disabled={busy}>{busy ? 'Создаём…' : 'Создать кабинет и войти'}</button>
          <button type="submit" name="refuse" value="1" className="btn btn-secondary" disabled={busy}>Отказаться</button>
        </div>
        <p className={styles.hint}>Если откажетесь, кабинет не будет создан, а данные из соцсети не сохранятся.</p>
      </Form>
    </div>
  );
}
