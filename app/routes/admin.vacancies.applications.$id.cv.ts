import { Readable } from 'node:stream';
import { requestContext } from '#app/.server/context.ts';
import { parseStrictInt } from '#app/lib/strict-number.ts';
import { requireCapability } from '#app/modules/auth/staff.server.ts';
import { openApplicationCv } from '#app/modules/vacancies/vacancies.server.ts';
import type { Route } from './+types/admin.vacancies.applications.$id.cv';

const NOT_FOUND = new Response('Резюме не найдено', { status: 404, headers: { 'Content-Type': 'text/plain; charset=utf-8', 'Cache-Control': 'private, no-store' } });

/** Content-Disposition for a download: an ASCII fallback and the UTF-8 name (RFC 6266). */
function disposition(name: string): string {
  const ascii = name.replace(/[^\x20-\x7e]/g, '_').replace(/["\\]/g, '_');
  return `attachment; filename="${ascii}"; filename*=UTF-8''${encodeURIComponent(name)}`;
}

/**
 * An applicant's CV for HR (ADR 092): found by the application's id within HR's branch (never a path
 * from the request), streamed from the storage with the type found in its content and
 * `Content-Disposition: attachment`, so a browser never renders it in the shop's origin.
 */
export async function loader({ context, params }: Route.LoaderArgs) {
  const ctx = context.get(requestContext);
  const staff = await requireCapability(ctx, 'vacancies.applications');
  const id = parseStrictInt(params.id, { min: 1 });
  const cv = id === null ? null : await openApplicationCv(ctx.services, { branchId: staff.branchId }, id);
  if (!cv) return NOT_FOUND.clone();
  return new Response(Readable.toWeb(cv.file.stream) as ReadableStream<Uint8Array>, {
    headers: {
      'Content-Type': cv.mime,
      'Content-Length': String(cv.file.size),
      'Content-Disposition': disposition(cv.name),
      'X-Content-Type-Options': 'nosniff',
      'Cache-Control': 'private, no-store',
      'X-Robots-Tag': 'noindex, nofollow',
    },
  });
}
