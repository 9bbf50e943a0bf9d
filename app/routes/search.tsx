import { data } from 'react-router';
import { requestContext } from '#app/.server/context.ts';
import { pageMeta } from '#app/lib/meta.ts';
import { PAGE_LIMIT } from '#app/modules/search/search.constants.ts';
import { searchQueryInput } from '#app/modules/search/search.schema.ts';
import { search } from '#app/modules/search/search.server.ts';
import { SearchResults } from '#app/modules/search/ui/SearchResults.tsx';
import type { Route } from './+types/search';

/** /search?q= — the full results page, grouped by kind (issue 8, point 5). */
export async function loader({ context, url }: Route.LoaderArgs) {
  const input = searchQueryInput.safeParse({ q: url.searchParams.get('q') ?? '' });
  if (!input.success) {
    return data({ query: '', result: null, error: input.error.issues[0]?.message ?? 'Некорректный запрос' }, { status: 400 });
  }
  const result = await search(context.get(requestContext).services, input.data.q, { limitPerKind: PAGE_LIMIT });
  return { query: result.query, result, error: null };
}

export const meta: Route.MetaFunction = ({ loaderData }) => [
  ...pageMeta(loaderData?.query ? `Поиск: ${loaderData.query}` : 'Поиск', 'Поиск по каталогу техники и страницам сайта.'),
  // Results pages are endless and thin: never indexed.
  { name: 'robots', content: 'noindex' },
];

export default function Search({ loaderData }: Route.ComponentProps) {
  return <SearchResults query={loaderData.query} result={loaderData.result} error={loaderData.error} />;
}
