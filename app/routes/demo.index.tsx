import { data } from 'react-router';
import { pageContext } from '#app/.server/context.ts';
import { pageMeta } from '#app/lib/meta.ts';
import { z } from '#app/lib/zod.ts';
import { ComponentShowcase } from '#app/layout/showcase/ComponentShowcase.tsx';
import { sampleFilter, samplePage } from '#app/layout/showcase/showcase.data.ts';
import type { Route } from './+types/demo.index';

/**
 * Spec §2 `/demo/index` (ADR 079): the shared components of the shop and the back-office in their
 * states. Open to everyone, as a design-system page: it reads nothing of the database or of the
 * visitor (its list is made-up data; the CSRF token is the one every page carries), and it is kept
 * out of search engines — a robots meta, `X-Robots-Tag`, and no place in the sitemap.
 */

const NOT_INDEXED = { 'X-Robots-Tag': 'noindex, nofollow', 'Cache-Control': 'private, no-store' } as const;

export function loader({ context, url }: Route.LoaderArgs) {
  const filter = sampleFilter.parse(Object.fromEntries(url.searchParams));
  return data({ csrf: context.get(pageContext).csrfToken, list: { ...samplePage(filter), filter } }, { headers: NOT_INDEXED });
}

const demoAction = z.object({ intent: z.enum(['toast', 'ask', 'confirm']) });

/** The toast's and the confirmation's examples: answers as the back-office's actions give them; nothing is stored. */
export async function action({ request }: Route.ActionArgs) {
  const parsed = demoAction.safeParse(Object.fromEntries(await request.formData()));
  if (!parsed.success) return data({ message: 'Некорректный запрос' }, { status: 400, headers: NOT_INDEXED });
  const answer = parsed.data.intent === 'ask' ? { confirm: true as const }
    : { toast: parsed.data.intent === 'toast' ? 'Сохранено' : 'Пример подтверждён: ничего не изменилось' };
  return data(answer, { headers: NOT_INDEXED });
}

export const headers = () => NOT_INDEXED;

export const meta = () => [
  ...pageMeta('Компоненты интерфейса', 'Общие компоненты магазина и бэк-офиса в их состояниях.'),
  { name: 'robots', content: 'noindex, nofollow' },
];

export default function DemoIndex({ loaderData, actionData }: Route.ComponentProps) {
  return <ComponentShowcase csrf={loaderData.csrf} list={loaderData.list} answer={actionData} />;
}
