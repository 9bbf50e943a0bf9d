import { requestContext } from '#app/.server/context.ts';
import { pageMeta } from '#app/lib/meta.ts';
import { bookmarkCards } from '#app/modules/catalog/marks/marks.server.ts';
import { BookmarksList } from '#app/modules/catalog/marks/ui/BookmarksList.tsx';
import { bookmarkedParts } from '#app/modules/parts/part-summary.server.ts';
import type { Route } from './+types/profile.bookmarks';
import styles from './profile.module.css';

// The layout (profile.tsx) sends guests to the login modal with redirect back here.

export async function loader({ context }: Route.LoaderArgs) {
  const ctx = context.get(requestContext);
  const [items, parts] = await Promise.all([bookmarkCards(ctx), bookmarkedParts(ctx)]);
  return { items, parts };
}

export const meta = () => [...pageMeta('Избранное', 'Техника и запчасти, которые вы отметили в каталоге Агротехники.'), { name: 'robots', content: 'noindex, nofollow' }];

export const handle = { crumbs: () => [{ label: 'Личный кабинет', to: '/profile' }] };

/** 'Избранное': the user's bookmarked models and parts with prices and stock at his branch. */
export default function ProfileBookmarks({ loaderData }: Route.ComponentProps) {
  return (
    <section aria-labelledby="bookmarks-title">
      <h1 id="bookmarks-title" className={styles.title}>Избранное</h1>
      <BookmarksList items={loaderData.items} parts={loaderData.parts} />
    </section>
  );
}
