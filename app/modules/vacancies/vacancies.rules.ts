import { formatMoney } from '#app/lib/money.ts';
import type { VacancyApplicationStatus, VacancyDetails, VacancyEmployment } from './vacancies.schema.ts';
import { VACANCIES_PATH } from './vacancies.constants.ts';

/*
 * The vacancies' pure rules (ADR 092): links, the salary as the pages write it, the text blocks as
 * lists, the schema.org JobPosting, the CV types accepted by content, HR's moves, the letters.
 */

/** `/vacancies/{branch alias}/{slug}`: a vacancy's own address (its canonical one). */
export function vacancyLink(branchAlias: string, slug: string): string {
  return `${VACANCIES_PATH}/${branchAlias}/${slug}`;
}

export function aliasLink(alias: string): string {
  return `${VACANCIES_PATH}/${alias}`;
}

/** `/vacancies?city=…&direction=…` with the filters given. */
export function vacanciesLink(filter: { city?: string | null; direction?: string | null }): string {
  const q = new URLSearchParams();
  if (filter.city) q.set('city', filter.city);
  if (filter.direction) q.set('direction', filter.direction);
  const s = q.toString();
  return s ? `${VACANCIES_PATH}?${s}` : VACANCIES_PATH;
}

/** 'от 80 000 руб.', 'до 120 000 ₸', '80 000 – 120 000 руб.', null when not named. */
export function salaryText(from: number | null, to: number | null, currency: 'RUB' | 'KZT'): string | null {
  if (from !== null && to !== null) {
    if (from === to) return formatMoney(from, currency);
    return `${formatMoney(from, currency).replace(/\u00a0\S+$/, '')} – ${formatMoney(to, currency)}`;
  }
  if (from !== null) return `от ${formatMoney(from, currency)}`;
  if (to !== null) return `до ${formatMoney(to, currency)}`;
  return null;
}

/** A text block, an item a line, as the list the page shows. */
export function linesOf(text: string): string[] {
  return text.split('\n').map((s) => s.replace(/^[-•*–]\s*/, '').trim()).filter(Boolean);
}

/** A vacancy's slug made of its title: transliterated, lower case, hyphens. */
const TRANSLIT: Readonly<Record<string, string>> = {
  а: 'a', б: 'b', в: 'v', г: 'g', д: 'd', е: 'e', ё: 'e', ж: 'zh', з: 'z', и: 'i', й: 'y', к: 'k', л: 'l', м: 'm', н: 'n', о: 'o',
  п: 'p', р: 'r', с: 's', т: 't', у: 'u', ф: 'f', х: 'h', ц: 'ts', ч: 'ch', ш: 'sh', щ: 'sch', ъ: '', ы: 'y', ь: '', э: 'e', ю: 'yu', я: 'ya',
};
export function slugFromTitle(title: string): string {
  return [...title.toLowerCase()].map((c) => TRANSLIT[c] ?? c).join('')
    .replace(/[^a-z0-9]+/g, '-').replace(/^-+|-+$/g, '').slice(0, 100).replace(/-+$/, '');
}

const EMPLOYMENT_TYPES: Record<VacancyEmployment, string> = { full_time: 'FULL_TIME', part_time: 'PART_TIME', temporary: 'TEMPORARY', internship: 'INTERN' };

const escapeHtml = (s: string) => s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');

/**
 * schema.org `JobPosting` (the fields search engines read for jobs): the description as simple HTML
 * made of the vacancy's own text, the branch as the place, the salary when named (in whole units).
 */
export function jobPostingJsonLd(v: VacancyDetails, origin: string, organisation: string): Record<string, unknown> {
  const section = (title: string, items: string[]) => (items.length ? `<p><strong>${title}</strong></p><ul>${items.map((i) => `<li>${escapeHtml(i)}</li>`).join('')}</ul>` : '');
  const description = [
    v.lead ? `<p>${escapeHtml(v.lead)}</p>` : '',
    section('Обязанности', v.duties), section('Требования', v.requirements), section('Условия', v.conditions),
    v.schedule ? `<p>График: ${escapeHtml(v.schedule)}</p>` : '',
  ].join('');
  const salary = v.salaryFrom !== null || v.salaryTo !== null
    ? {
        baseSalary: {
          '@type': 'MonetaryAmount', currency: v.currency,
          value: {
            '@type': 'QuantitativeValue', unitText: 'MONTH',
            ...(v.salaryFrom !== null ? { minValue: v.salaryFrom / 100 } : {}),
            ...(v.salaryTo !== null ? { maxValue: v.salaryTo / 100 } : {}),
          },
        },
      }
    : {};
  return {
    '@context': 'https://schema.org',
    '@type': 'JobPosting',
    title: v.title,
    description: description || escapeHtml(v.title),
    identifier: { '@type': 'PropertyValue', name: organisation, value: String(v.id) },
    datePosted: v.publishedAt,
    ...(v.validThrough ? { validThrough: `${v.validThrough}T23:59:59+03:00` } : {}),
    employmentType: EMPLOYMENT_TYPES[v.employmentCode],
    hiringOrganization: { '@type': 'Organization', name: organisation, sameAs: origin },
    jobLocation: {
      '@type': 'Place',
      address: { '@type': 'PostalAddress', addressLocality: v.city, streetAddress: v.branchAddress, addressCountry: v.currency === 'KZT' ? 'KZ' : 'RU' },
    },
    url: origin + v.link,
    ...salary,
  };
}

/** The CV types accepted, by what file-type recognises in the content. */
export const CV_TYPES: Readonly<Record<string, { mime: string; extension: string }>> = {
  pdf: { mime: 'application/pdf', extension: 'pdf' },
  docx: { mime: 'application/vnd.openxmlformats-officedocument.wordprocessingml.document', extension: 'docx' },
  rtf: { mime: 'application/rtf', extension: 'rtf' },
  odt: { mime: 'application/vnd.oasis.opendocument.text', extension: 'odt' },
};

/**
 * The CV's type from its content: PDF, DOCX, RTF, ODT as file-type recognises them; an old Word file
 * is an OLE compound file (`cfb`), accepted under a `.doc` name. Anything else — an executable
 * renamed to `.pdf` among them — is refused (null).
 */
export function cvType(detected: string | undefined, fileName: string): { mime: string; extension: string } | null {
  if (!detected) return null;
  if (detected === 'cfb') return /\.doc$/i.test(fileName) ? { mime: 'application/msword', extension: 'doc' } : null;
  return CV_TYPES[detected] ?? null;
}

/** The stored name: what the applicant called it (safe characters), with the content's extension. */
export function cvFileName(fileName: string, extension: string): string {
  const base = fileName.replace(/\.[A-Za-z0-9]{1,5}$/, '').replace(/[\u0000-\u001f\u007f/\\:*?"<>|]+/g, ' ').replace(/\s+/g, ' ').trim().slice(0, 100);
  return `${base || 'Резюме'}.${extension}`;
}

/** HR's moves: a new application is taken into review; a reviewed one ends as invited or rejected (either may be reopened). */
export const APPLICATION_MOVES: Readonly<Record<VacancyApplicationStatus, readonly VacancyApplicationStatus[]>> = {
  new: ['in_review', 'rejected'],
  in_review: ['invited', 'rejected'],
  invited: ['in_review'],
  rejected: ['in_review'],
};

export const APPLICATION_MOVE_LABELS: Record<VacancyApplicationStatus, string> = {
  new: 'Новый', in_review: 'Взять на рассмотрение', invited: 'Пригласить на собеседование', rejected: 'Отказать',
};

const WHEN = new Intl.DateTimeFormat('ru-RU', { day: '2-digit', month: '2-digit', year: 'numeric', hour: '2-digit', minute: '2-digit', timeZone: 'Europe/Moscow' });

/** The letter to the branch's HR: who applied to what, and where to read it and download the CV. */
export function hrLetter(a: {
  id: number; vacancyTitle: string; branchName: string; name: string; phone: string; email: string | null; message: string;
  cvName: string; cvSize: string; createdAt: Date; adminUrl: string;
}): { subject: string; text: string } {
  const lines = [
    `Отклик на вакансию «${a.vacancyTitle}» (филиал «${a.branchName}»).`,
    '',
    `Имя: ${a.name}`,
    `Телефон: +${a.phone}`,
    ...(a.email ? [`E-mail: ${a.email}`] : []),
    ...(a.message ? ['', 'Сопроводительное письмо:', a.message] : []),
    '',
    `Резюме: ${a.cvName} (${a.cvSize}) — скачать в бэк-офисе: ${a.adminUrl}`,
    `Номер отклика: ${a.id}. Получен ${WHEN.format(a.createdAt)} (МСК).`,
    'Согласие на обработку персональных данных дано при отправке.',
  ];
  return { subject: `Отклик на вакансию «${a.vacancyTitle}» № ${a.id}`, text: lines.join('\n') };
}

/** The applicant's confirmation. */
export function applicantLetter(a: { id: number; vacancyTitle: string; branchName: string; name: string; vacancyUrl: string }): { subject: string; text: string } {
  return {
    subject: `Ваш отклик на вакансию «${a.vacancyTitle}» получен`,
    text: [
      `${a.name}, здравствуйте!`,
      '',
      `Мы получили ваш отклик № ${a.id} на вакансию «${a.vacancyTitle}» в филиале «${a.branchName}».`,
      'Специалист по персоналу рассмотрит резюме и свяжется с вами, если ваш опыт подходит.',
      '',
      `Вакансия: ${a.vacancyUrl}`,
      '',
      '«Агротехника»',
    ].join('\n'),
  };
}

/** The applicant's thanks on the page. */
export function applicationThanks(a: { id: number; vacancyTitle: string; branchName: string; email: boolean }): string {
  return `Отклик № ${a.id} на вакансию «${a.vacancyTitle}» отправлен в филиал «${a.branchName}». Специалист по персоналу свяжется с вами${a.email ? '; подтверждение отправлено на ваш e-mail' : ''}.`;
}

/** The editor's date and time (Moscow, 'YYYY-MM-DDTHH:MM') as a moment, and back. */
export function moscowLocalToDate(local: string): Date {
  return new Date(`${local}:00+03:00`);
}
export function dateToMoscowLocal(date: Date | string): string {
  return new Date(new Date(date).getTime() + 3 * 3_600_000).toISOString().slice(0, 16);
}

/** Salary in minor units as the editor types it (whole units, digits grouped); '' when not named. */
export function salaryField(minor: number | null): string {
  return minor === null ? '' : new Intl.NumberFormat('ru-RU', { maximumFractionDigits: 0 }).format(minor / 100).replace(/\u00a0/g, ' ');
}
