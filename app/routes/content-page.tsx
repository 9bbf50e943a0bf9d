import { data } from 'react-router';
import { pageContext } from '#app/.server/context.ts';
import type { PageCacheHandle } from '#app/.server/page-cache-handle.ts';
import { useRootData } from '#app/components/page/root-data.ts';
import { NOT_FOUND_META, pageMeta } from '#app/lib/meta.ts';
import { getPage } from '#app/modules/content/content.server.ts';
import { ArticlePage } from '#app/modules/content/ui/ArticlePage.tsx';
import { LeadRequestSection } from '#app/modules/leads/ui/LeadRequestSection.tsx';
import type { LeadRequestKind } from '#app/modules/leads/ui/LeadRequestDialog.tsx';
import { BranchLines } from '#app/modules/regions/ui/BranchLines.tsx';
import type { Route } from './+types/content-page';

/** The pages that carry a request form after their text (ADR 078). */
const REQUEST_FORMS: Readonly<Record<string, LeadRequestKind>> = { servis: 'service', finansirovanie: 'financing' };

/** Static pages whose text is stored in the database (service, financing, delivery, policy). */
export async function loader({ context, url }: Route.LoaderArgs) {
  // `url`, not request.url: on client navigations the request is for '/servis.data'.
  const slug = url.pathname.replace(/^\/+|\/+$/g, '');
  const page = await getPage(context.get(pageContext).services, slug);
  if (!page) throw data(null, { status: 404 });
  return { page };
}

export const meta: Route.MetaFunction = ({ loaderData }) => loaderData ? pageMeta(loaderData.page.title, loaderData.page.metaDescription) : NOT_FOUND_META;

export const handle = { pageCache: { query: [] } } satisfies PageCacheHandle;

export default function ContentPage({ loaderData }: Route.ComponentProps) {
  const { location } = useRootData();
  // A page body names the visitor's lines by placeholder; they come from the branch data, never from prose.
  const lines = { branch: location.currentBranch, country: location.country };
  const slots = {
    'service-lines': <BranchLines {...lines} lines="service" testId="service-lines" />,
    'branch-lines': <BranchLines {...lines} lines="branch" testId="branch-lines" />,
    'country-lines': <BranchLines {...lines} lines="country" testId="country-lines" />,
  };
  // The form is the same for every visitor: his branch's name is in the root data the cache already keys by.
  const form = REQUEST_FORMS[loaderData.page.slug];
  const branchName = location.currentBranch.id === null ? null : location.currentBranch.name;
  return <ArticlePage page={loaderData.page} slots={slots} after={form ? <LeadRequestSection kind={form} branchName={branchName} /> : null} />;
}
