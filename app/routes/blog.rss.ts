import { pageContext } from '#app/.server/context.ts';
import { blogFeed } from '#app/modules/blog/blog.server.ts';
import type { Route } from './+types/blog.rss';

/**
 * /blog/rss.xml: the newest visible articles as RSS 2.0 with their whole text, as news aggregators
 * (Yandex Dzen) read it; the same for everyone, so shared caches may keep it for a few minutes.
 */
export async function loader({ context }: Route.LoaderArgs) {
  const xml = await blogFeed(context.get(pageContext).services);
  return new Response(xml, {
    headers: { 'Content-Type': 'application/rss+xml; charset=utf-8', 'Cache-Control': 'public, max-age=300' },
  });
}
