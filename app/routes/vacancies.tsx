import { data } from 'react-router';
import { pageContext } from '#app/.server/context.ts';
import type { PageCacheHandle } from '#app/.server/page-cache-handle.ts';
import { NotFound } from '#app/layout/NotFound.tsx';
import { NOT_FOUND_META, pageMeta } from '#app/lib/meta.ts';
import { VACANCIES_QUERY_KEYS, VACANCIES_TITLE } from '#app/modules/vacancies/vacancies.constants.ts';
import { vacanciesLink } from '#app/modules/vacancies/vacancies.rules.ts';
import { vacanciesQuery } from '#app/modules/vacancies/vacancies.schema.ts';
import { vacanciesPage } from '#app/modules/vacancies/vacancies.server.ts';
import { VacanciesScreen } from '#app/modules/vacancies/ui/VacanciesScreen.tsx';
import type { Route } from './+types/vacancies';

/** /vacancies (spec §2): the open vacancies by city and branch, filtered by city and direction. */
export async function loader({ context, url }: Route.LoaderArgs) {
  const { services } = context.get(pageContext);
  const query = vacanciesQuery.parse(Object.fromEntries(url.searchParams));
  const page = await vacanciesPage(services, query);
  // An unknown city or direction is not a page of the list.
  if (!page) throw data(null, { status: 404 });
  return { page, origin: services.config.PUBLIC_ORIGIN };
}

export const meta: Route.MetaFunction = ({ loaderData }) => {
  if (!loaderData) return NOT_FOUND_META;
  const { page, origin } = loaderData;
  const direction = page.directions.find((d) => d.slug === page.filter.direction);
  const title = [VACANCIES_TITLE, direction?.name, page.filter.city].filter(Boolean).join(' — ');
  const canonical = origin + vacanciesLink(page.filter);
  return [
    ...pageMeta(`${title}: работа в «Агротехнике»`, `Открытые вакансии «Агротехники»${page.filter.city ? ` в городе ${page.filter.city}` : ' в филиалах России и Казахстана'}: сервисные инженеры, механики, продажи техники и запчастей. Отклик с резюме онлайн.`),
    { property: 'og:url', content: canonical },
    { tagName: 'link', rel: 'canonical', href: canonical },
  ];
};

export const handle = {
  pageCache: { query: VACANCIES_QUERY_KEYS },
} satisfies PageCacheHandle;

export default function Vacancies({ loaderData }: Route.ComponentProps) {
  return <VacanciesScreen data={loaderData.page} />;
}

export function ErrorBoundary() {
  return <NotFound />;
}
