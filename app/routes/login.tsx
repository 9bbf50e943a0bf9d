import { redirect as redirectTo } from 'react-router';
import { requestContext } from '#app/.server/context.ts';
import { pageMeta } from '#app/lib/meta.ts';
import { viewerOf } from '#app/modules/auth/users.server.ts';
import { AuthPage } from '#app/modules/auth/ui/AuthPage.tsx';
import { safeRedirect } from '#app/lib/safe-redirect.ts';
import { SOCIAL_PROVIDERS } from '#app/modules/auth/auth.constants.ts';
import { isOAuthErrorCode, oauthErrorMessage } from '#app/modules/auth/oauth/oauth.constants.ts';
import type { Route } from './+types/login';

/** Spec §2 /login: the auth modal on EnterEmail; ?redirect= (same-site paths only) is where a sign-in goes. */
export async function loader({ context, url }: Route.LoaderArgs) {
  const redirect = safeRedirect(url.searchParams.get('redirect'));
  // A signed-in visitor (e.g. the reload after signing in here) goes on instead of seeing the form again.
  if (!(await viewerOf(context.get(requestContext))).isGuest) throw redirectTo(redirect ?? '/');
  // A failed social sign-in comes back here with the reason (oauth callback).
  const code = url.searchParams.get('auth_error');
  const provider = SOCIAL_PROVIDERS.find((p) => p.id === url.searchParams.get('authclient'));
  const error = isOAuthErrorCode(code) ? oauthErrorMessage(code, provider?.name ?? 'соцсеть') : null;
  return { redirect, error };
}

export const meta: Route.MetaFunction = () => [
  ...pageMeta('Вход в личный кабинет', 'Вход в личный кабинет Агротехники по e-mail или номеру телефона.'),
  { name: 'robots', content: 'noindex' },
];

export default function Login({ loaderData }: Route.ComponentProps) {
  return (
    <AuthPage
      heading="Вход в личный кабинет"
      intro="Войдите, чтобы видеть цены и акции в вашем регионе, сохранять технику в избранное и следить за заказами."
      form="EnterEmail"
      redirect={loaderData.redirect}
      error={loaderData.error}
    />
  );
}
