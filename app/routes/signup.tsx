import { redirect as redirectTo } from 'react-router';
import { requestContext } from '#app/.server/context.ts';
import { pageMeta } from '#app/lib/meta.ts';
import { viewerOf } from '#app/modules/auth/users.server.ts';
import { AuthPage } from '#app/modules/auth/ui/AuthPage.tsx';
import { safeRedirect } from '#app/lib/safe-redirect.ts';
import type { Route } from './+types/signup';

/** Spec §2 /signup: the auth modal on RegistrationStage1; ?redirect= as on /login. */
export async function loader({ context, url }: Route.LoaderArgs) {
  const redirect = safeRedirect(url.searchParams.get('redirect'));
  if (!(await viewerOf(context.get(requestContext))).isGuest) throw redirectTo(redirect ?? '/');
  return { redirect };
}

export const meta: Route.MetaFunction = () => [
  ...pageMeta('Регистрация', 'Регистрация в интернет-магазине Агротехники по e-mail или номеру телефона.'),
  { name: 'robots', content: 'noindex' },
];

export default function Signup({ loaderData }: Route.ComponentProps) {
  return (
    <AuthPage
      heading="Регистрация"
      intro="Зарегистрируйтесь по e-mail или номеру телефона: личный кабинет хранит избранное, заказы и цены вашего региона."
      form="RegistrationStage1"
      redirect={loaderData.redirect}
    />
  );
}
