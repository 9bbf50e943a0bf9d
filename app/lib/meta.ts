export const SITE_NAME = 'Агротехника';

/** Title and description tags for a page; every page states both (SEO and link previews). */
export function pageMeta(title: string, description: string) {
  const full = title.includes(SITE_NAME) ? title : `${title} — ${SITE_NAME}`;
  return [
    { title: full },
    { name: 'description', content: description },
    { property: 'og:title', content: full },
    { property: 'og:description', content: description },
    { property: 'og:type', content: 'website' },
  ];
}

export const NOT_FOUND_META = [{ title: `Страница не найдена — ${SITE_NAME}` }, { name: 'robots', content: 'noindex' }];
