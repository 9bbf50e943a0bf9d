import { createElement } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { StaticRouter } from 'react-router';
import { Hono, type Context } from 'hono';
import type { HonoEnv } from '#app/.server/hono-env.ts';
import { errorResponse, readRawBody, validate } from '#app/.server/http.ts';
import { parseFilterQuery } from './filters.rules.ts';
import { filterParamsOf, filterTarget, filterTargetInput, modelLinesInput } from './filters.schema.ts';
import type { ModelLineCardView } from './listing.schema.ts';
import { emptySidebarFilters, filterInfo, filterModelLines, sidebarFilters } from './listing.server.ts';
import { ModelLineCard } from './ui/ModelLineCard.tsx';
import type { AudienceContext } from '#app/.server/context.ts';

/**
 * The body of a filter request as fields: JSON, or a urlencoded form read whole (its repeated
 * `key[]` fields are the point, and a plain form parser would keep only the last).
 */
async function readFields(c: Context<HonoEnv>): Promise<{ ok: true; fields: Record<string, unknown> | URLSearchParams } | { ok: false; response: Response }> {
  if ((c.req.header('content-type') ?? '').includes('application/x-www-form-urlencoded')) {
    return { ok: true, fields: new URLSearchParams(await c.req.text()) };
  }
  const raw = await readRawBody(c);
  if (!raw.ok) return raw;
  if (typeof raw.data !== 'object' || raw.data === null || Array.isArray(raw.data)) return { ok: false, response: errorResponse(c, 400, 'Некорректный запрос: ожидался объект с параметрами фильтра') };
  return { ok: true, fields: raw.data as Record<string, unknown> };
}

const fieldsObject = (fields: Record<string, unknown> | URLSearchParams) => (fields instanceof URLSearchParams ? Object.fromEntries(fields) : fields);

/** The target (category or line) and the filter state of a request, or the 400 that refuses it. */
async function readFilterRequest(c: Context<HonoEnv>, fields?: Record<string, unknown> | URLSearchParams) {
  const read = fields ? { ok: true as const, fields } : await readFields(c);
  if (!read.ok) return read;
  const target = validate(c, filterTargetInput, fieldsObject(read.fields));
  if (!target.ok) return target;
  const params = filterParamsOf(read.fields);
  if (!params.ok) return { ok: false as const, response: errorResponse(c, 400, params.message) };
  return { ok: true as const, target: filterTarget(target.data), state: parseFilterQuery(params.params) };
}

/**
 * The model line cards as HTML (spec §7 `template`), made by the page's own component so the markup
 * and its classes are the category page's; the cards' data comes along for clients that render.
 */
export function modelLinesTemplate(lines: ModelLineCardView[]): string {
  if (lines.length === 0) return '';
  return renderToStaticMarkup(createElement(StaticRouter, { location: '/' },
    createElement('ul', { className: 'model-lines' }, lines.map((line) => createElement('li', { key: line.id }, createElement(ModelLineCard, { line }))))));
}

async function filtrationModelLines(c: Context<HonoEnv>) {
  const read = await readFields(c);
  if (!read.ok) return read.response;
  const input = validate(c, modelLinesInput, fieldsObject(read.fields));
  if (!input.ok) return input.response;
  const lines = await filterModelLines(c.get('ctx'), input.data.categoryId, input.data.manufacturerId ?? null);
  return c.json({ error_status: 'success', template: modelLinesTemplate(lines), modelLines: lines });
}

/**
 * The sidebar of a page outside the catalogue behind the same endpoint (`section: 'parts'`, the
 * parts catalogue's line page): its module answers, registered by the composition root
 * (server/ports.ts), so the catalogue imports none of its code.
 */
export type SidebarSection = (ctx: AudienceContext, body: Record<string, unknown>, params: URLSearchParams) => Promise<
  { ok: true; body: Record<string, unknown> } | { ok: false; status: 400 | 404; message: string }
>;
const sidebarSections = new Map<string, SidebarSection>();

export function registerSidebarSection(section: string, answer: SidebarSection): void {
  sidebarSections.set(section, answer);
}

/** Endpoints under /api. */
export const filtersApi = new Hono<HonoEnv>();

/** Spec §7 `POST /api/model-lines/filtration-model-lines {categoryId, manufacturerId}` → template. */
filtersApi.post('/model-lines/filtration-model-lines', filtrationModelLines);

/** Spec §7 endpoints outside /api (mounted at the site root). */
export const filtersSiteApi = new Hono<HonoEnv>();

/**
 * Spec §7 POST /filter/get-sidebar-filters: the sidebar lists with the count each option gives with
 * the other chosen filters, and `count`, the models the whole state gives. An unknown category or
 * line gets empty lists, not an error.
 */
filtersSiteApi.post('/filter/get-sidebar-filters', async (c) => {
  const read = await readFields(c);
  if (!read.ok) return read.response;
  // Another section (the parts catalogue's line page, `section: 'parts'`) is answered by its module.
  const section = sidebarSections.get(String(fieldsObject(read.fields).section ?? ''));
  if (section) {
    const params = filterParamsOf(read.fields);
    if (!params.ok) return errorResponse(c, 400, params.message);
    const answer = await section(c.get('ctx'), fieldsObject(read.fields), params.params);
    return answer.ok ? c.json({ error_status: 'success', ...answer.body }) : errorResponse(c, answer.status, answer.message);
  }
  const req = await readFilterRequest(c, read.fields);
  if (!req.ok) return req.response;
  const found = await sidebarFilters(c.get('ctx'), req.target, req.state);
  const filters = found?.filters ?? emptySidebarFilters(req.state);
  return c.json({ error_status: 'success', ...filters, count: found?.count ?? 0 });
});

/** Spec §7 POST /get-filter-info: how many models the state gives and the link to that list ('Показать N'). */
filtersSiteApi.post('/get-filter-info', async (c) => {
  const req = await readFilterRequest(c);
  if (!req.ok) return req.response;
  const info = await filterInfo(c.get('ctx'), req.target, req.state);
  return c.json({ error_status: 'success', count: info?.count ?? 0, link: info?.link ?? null });
});

/** Spec §7 `POST /filtration-model-lines`: the same as under /api. */
filtersSiteApi.post('/filtration-model-lines', filtrationModelLines);
