import { textField } from '#app/lib/text.ts';
import { z } from '#app/lib/zod.ts';

/*
 * What editors change on the site's pages and promotions (ADR 081): the fields, their limits and the
 * messages, shared by the drafts, the preview and publishing.
 */

export const PAGE_LIMITS = { title: 120, metaDescription: 200, lead: 1_000, bodyHtml: 100_000 } as const;

export const EDITING_MESSAGES = {
  title: 'Укажите заголовок',
  titleTooLong: `Заголовок — не длиннее ${PAGE_LIMITS.title} символов`,
  metaDescription: 'Укажите описание для поисковых систем',
  metaDescriptionTooLong: `Описание для поисковых систем — не длиннее ${PAGE_LIMITS.metaDescription} символов`,
  lead: 'Укажите вводный абзац',
  leadTooLong: `Вводный абзац — не длиннее ${PAGE_LIMITS.lead} символов`,
  bodyTooLong: 'Текст страницы слишком длинный: не более 100 000 символов',
  markupRemoved: 'Часть разметки удалена: на сайте допускаются заголовки, абзацы, списки, таблицы, ссылки и выделение.',
  draftSaved: 'Черновик сохранён. Предпросмотр показывает, как его увидят посетители.',
  published: 'Опубликовано: посетители уже видят изменения.',
  discarded: 'Черновик удалён.',
  pageNotFound: 'Страница не найдена',
  promotionNotFound: 'Акция не найдена',
  promotionDeleted: 'Акция снята с сайта.',
  promotionTitle: 'Укажите название акции',
  promotionTitleTooLong: 'Название акции — не длиннее 120 символов',
  promotionText: 'Опишите условия акции',
  promotionTextTooLong: 'Условия акции — не длиннее 500 символов',
  promotionLink: 'Ссылка должна вести на страницу сайта (начинаться с /) или на адрес https://',
  promotionBadge: 'Укажите метку, например «−15 %» или «Суперцена»',
  promotionBadgeTooLong: 'Метка — не длиннее 30 символов',
  promotionStarts: 'Укажите дату начала',
  promotionEnds: 'Укажите дату окончания',
  promotionDates: 'Акция не может закончиться раньше, чем начнётся',
  promotionSort: 'Порядок — целое число от 0 до 9999',
  promotionImageMissing: 'Картинка не найдена: загрузите её снова',
} as const;

const line = (label: string, empty: string, max: number, tooLong: string) =>
  textField(label, { error: empty }).trim().min(1, empty).max(max, tooLong);

export const pageInput = z.object({
  title: line('Заголовок', EDITING_MESSAGES.title, PAGE_LIMITS.title, EDITING_MESSAGES.titleTooLong),
  metaDescription: line('Описание для поисковых систем', EDITING_MESSAGES.metaDescription, PAGE_LIMITS.metaDescription, EDITING_MESSAGES.metaDescriptionTooLong),
  lead: textField('Вводный абзац', { error: EDITING_MESSAGES.lead, multiline: true }).trim().min(1, EDITING_MESSAGES.lead).max(PAGE_LIMITS.lead, EDITING_MESSAGES.leadTooLong),
  bodyHtml: textField('Текст страницы', { multiline: true }).max(PAGE_LIMITS.bodyHtml, EDITING_MESSAGES.bodyTooLong).default(''),
});
export type PageInput = z.infer<typeof pageInput>;

/** A path of this site (not `//host`, which a browser reads as another site) or an https address. */
const SITE_LINK = /^(?:\/(?!\/)[^\s]*|https:\/\/[^\s/]+(?:\/[^\s]*)?)$/;

export const promotionInput = z.object({
  title: line('Название', EDITING_MESSAGES.promotionTitle, 120, EDITING_MESSAGES.promotionTitleTooLong),
  text: textField('Условия', { error: EDITING_MESSAGES.promotionText, multiline: true }).trim().min(1, EDITING_MESSAGES.promotionText).max(500, EDITING_MESSAGES.promotionTextTooLong),
  link: textField('Ссылка', { error: EDITING_MESSAGES.promotionLink }).trim().max(300, EDITING_MESSAGES.promotionLink).regex(SITE_LINK, EDITING_MESSAGES.promotionLink),
  badge: line('Метка', EDITING_MESSAGES.promotionBadge, 30, EDITING_MESSAGES.promotionBadgeTooLong),
  startsOn: z.iso.date({ error: EDITING_MESSAGES.promotionStarts }),
  endsOn: z.iso.date({ error: EDITING_MESSAGES.promotionEnds }),
  sort: z.coerce.number({ error: EDITING_MESSAGES.promotionSort }).int(EDITING_MESSAGES.promotionSort).min(0, EDITING_MESSAGES.promotionSort).max(9_999, EDITING_MESSAGES.promotionSort),
  /** An uploaded image's id (ADR 077), or '' for none; the server checks the image exists. */
  imageId: z.string().regex(/^(?:[0-9a-f]{32})?$/, EDITING_MESSAGES.promotionImageMissing).default(''),
}).refine((p) => p.endsOn >= p.startsOn, { path: ['endsOn'], error: EDITING_MESSAGES.promotionDates });
export type PromotionInput = z.infer<typeof promotionInput>;

/** Where a promotion is in its dates: shown from its first day to its last. */
export type PromotionState = 'running' | 'scheduled' | 'ended';
export const PROMOTION_STATE_LABELS: Record<PromotionState, string> = { running: 'Идёт', scheduled: 'Запланирована', ended: 'Закончилась' };

/** What the editor's buttons ask for. */
export const editIntent = z.enum(['draft', 'publish', 'discard']).catch('draft');
