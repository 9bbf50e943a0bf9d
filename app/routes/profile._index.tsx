import { redirect } from 'react-router';
import { requestContext } from '#app/.server/context.ts';
import { pageMeta } from '#app/lib/meta.ts';
import { EMAIL_CHANGE_RESULTS, EMAIL_CHANGE_RESULT_PARAM, type EmailChangeResult } from '#app/modules/auth/profile.schema.ts';
import { profileOf, signInRedirect } from '#app/modules/auth/profile.server.ts';
import { ProfileForms } from '#app/modules/auth/ui/ProfileForms.tsx';
import type { Route } from './+types/profile._index';
import styles from './profile.module.css';

export async function loader({ context, url }: Route.LoaderArgs) {
  const profile = await profileOf(context.get(requestContext));
  // The session names a user that no longer exists: as for a guest.
  if (!profile) throw redirect(signInRedirect(url.pathname + url.search));
  const result = url.searchParams.get(EMAIL_CHANGE_RESULT_PARAM);
  const notice = result && Object.hasOwn(EMAIL_CHANGE_RESULTS, result) ? EMAIL_CHANGE_RESULTS[result as EmailChangeResult] : null;
  return { profile, notice };
}

export const meta = () => [...pageMeta('Мои данные', 'Имя, e-mail и телефон в личном кабинете Агротехники.'), { name: 'robots', content: 'noindex, nofollow' }];

/** 'Мои данные': name, e-mail (re-confirmed by link) and phone (re-verified by an SMS code). */
export default function ProfileData({ loaderData }: Route.ComponentProps) {
  const { profile, notice } = loaderData;
  return (
    <section aria-labelledby="profile-title">
      <h1 id="profile-title" className={styles.title}>Мои данные</h1>
      <ProfileForms key={profile.id} profile={profile} notice={notice} />
    </section>
  );
}
