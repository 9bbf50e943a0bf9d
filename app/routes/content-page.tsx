import { data } from 'react-router';
import { requestContext } from '#app/.server/context.ts';
import { NOT_FOUND_META, pageMeta } from '#app/lib/meta.ts';
import { getPage } from '#app/modules/content/content.server.ts';
import { ArticlePage } from '#app/modules/content/ui/ArticlePage.tsx';
import type { Route } from './+types/content-page';

/** Static pages whose text is stored in the database (service, financing, delivery, policy). */
export async function loader({ context, url }: Route.LoaderArgs) {
  // `url`, not request.url: on client navigations the request is for '/servis.data'.
  const slug = url.pathname.replace(/^\/+|\/+$/g, '');
  const page = await getPage(context.get(requestContext).services, slug);
  if (!page) throw data(null, { status: 404 });
  return { page };
}

export const meta: Route.MetaFunction = ({ loaderData }) => loaderData ? pageMeta(loaderData.page.title, loaderData.page.metaDescription) : NOT_FOUND_META;

export default function ContentPage({ loaderData }: Route.ComponentProps) {
  return <ArticlePage page={loaderData.page} />;
}
