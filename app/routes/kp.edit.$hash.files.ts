import { requestContext } from '#app/.server/context.ts';
import { requireCapability } from '#app/modules/auth/staff.server.ts';
import { uploadOfferFile } from '#app/modules/offers/offer-files.server.ts';
import type { Route } from './+types/kp.edit.$hash.files';

const JSON_HEADERS = { 'Cache-Control': 'private, no-store' };

/**
 * `POST /kp/edit/{hash}/files?kind=doc|image` (ADR 102): one file for the editor's documents
 * (PDF, DOCX, XLSX or a picture, by content, up to 20 MB) or its media (a picture, up to 15 MB,
 * stored as AVIF/WebP variants). Answers JSON: `{ kind, file }` or `{ kind, image }` to put into the
 * working copy, or `{ message }` with 400, 404 (another branch's offer, a guessed hash), 409 (accepted
 * or cancelled), 413 (too large) or 415 (not a document or picture). The CSRF token comes in the
 * X-CSRF-Token header.
 */
export async function action({ context, params, request, url }: Route.ActionArgs) {
  const ctx = context.get(requestContext);
  const staff = await requireCapability(ctx, 'offers.work');
  const kind = url.searchParams.get('kind');
  if (kind !== 'doc' && kind !== 'image') return Response.json({ message: 'Некорректный запрос' }, { status: 400, headers: JSON_HEADERS });
  const outcome = await uploadOfferFile(ctx.services, staff, params.hash, kind, request, ctx.ip);
  return outcome.ok
    ? Response.json(outcome.value, { headers: JSON_HEADERS })
    : Response.json({ message: outcome.message }, { status: outcome.status, headers: JSON_HEADERS });
}

export function loader() {
  return new Response(null, { status: 405, headers: { Allow: 'POST' } });
}
