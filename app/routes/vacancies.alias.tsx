import { data } from 'react-router';
import { pageContext } from '#app/.server/context.ts';
import type { PageCacheHandle } from '#app/.server/page-cache-handle.ts';
import type { Crumb } from '#app/components/page/crumbs.ts';
import { NotFound } from '#app/layout/NotFound.tsx';
import { NOT_FOUND_META, SITE_NAME, pageMeta } from '#app/lib/meta.ts';
import { VACANCIES_PATH, VACANCIES_TITLE } from '#app/modules/vacancies/vacancies.constants.ts';
import { aliasLink, jobPostingJsonLd } from '#app/modules/vacancies/vacancies.rules.ts';
import { vacancyAliasPage } from '#app/modules/vacancies/vacancies.server.ts';
import { VacancyAliasScreen, aliasTitle } from '#app/modules/vacancies/ui/VacancyAliasScreen.tsx';
import type { Route } from './+types/vacancies.alias';

const SLUG = /^[a-z0-9][a-z0-9-]{0,119}$/;

/**
 * /vacancies/{vacancyAlias}/{activeVacancySlug?} (spec §2): a branch's or a direction's vacancies,
 * and one of them opened. An unknown alias, a slug not among its visible vacancies (a draft, a
 * scheduled one, another branch's) is a 404.
 */
export async function loader({ context, params }: Route.LoaderArgs) {
  const { services } = context.get(pageContext);
  if (!SLUG.test(params.alias) || (params.slug !== undefined && !SLUG.test(params.slug))) throw data(null, { status: 404 });
  const page = await vacancyAliasPage(services, params.alias, params.slug ?? null);
  if (!page) throw data(null, { status: 404 });
  const origin = services.config.PUBLIC_ORIGIN;
  return { page, origin, jsonLd: page.active ? jobPostingJsonLd(page.active, origin, SITE_NAME) : null };
}

export const meta: Route.MetaFunction = ({ loaderData }) => {
  if (!loaderData) return NOT_FOUND_META;
  const { page, origin, jsonLd } = loaderData;
  if (!page.active) {
    const canonical = origin + aliasLink(page.alias.slug);
    return [
      ...pageMeta(aliasTitle(page.alias), `${aliasTitle(page.alias)}: ${page.vacancies.length ? page.vacancies.slice(0, 4).map((v) => v.title).join(', ') : 'открытых вакансий сейчас нет'}. Отклик с резюме онлайн.`),
      { property: 'og:url', content: canonical },
      { tagName: 'link', rel: 'canonical', href: canonical },
    ];
  }
  const v = page.active;
  // The vacancy's own address is its branch's, whichever list it was opened from.
  const canonical = origin + v.link;
  const description = `${v.title} в ${v.city === v.branch.name ? `филиале «${v.branch.name}»` : `городе ${v.city}`}${v.salary ? `, ${v.salary}` : ''}. ${v.lead}`.slice(0, 200);
  return [
    ...pageMeta(`Вакансия «${v.title}», ${v.city}`, description),
    { property: 'og:url', content: canonical },
    { tagName: 'link', rel: 'canonical', href: canonical },
    ...(jsonLd ? [{ 'script:ld+json': jsonLd }] : []),
  ];
};

type AliasData = { page: { alias: Parameters<typeof aliasTitle>[0]; active: unknown } } | undefined;

export const handle = {
  crumbs: (d: AliasData): Crumb[] => [
    { label: VACANCIES_TITLE, to: VACANCIES_PATH },
    ...(d?.page.active ? [{ label: aliasTitle(d.page.alias), to: aliasLink(d.page.alias.slug) }] : []),
  ],
  pageCache: { query: [] },
} satisfies PageCacheHandle;

export default function VacancyAlias({ loaderData }: Route.ComponentProps) {
  return <VacancyAliasScreen data={loaderData.page} />;
}

export function ErrorBoundary() {
  return <NotFound />;
}
