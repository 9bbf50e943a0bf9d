import { Readable } from 'node:stream';
import { requestContext } from '#app/.server/context.ts';
import { parseStrictInt } from '#app/lib/strict-number.ts';
import { attachmentStorage } from '#app/modules/orders/attachment-storage.server.ts';
import { ORDER_MESSAGES } from '#app/modules/orders/orders.constants.ts';
import { contentDisposition } from '#app/modules/orders/orders.rules.ts';
import { ownAttachment } from '#app/modules/orders/orders.server.ts';
import type { Route } from './+types/cart.order.$number.files.$id';

/**
 * An order's attachment for its owner: found by the order's number and the file's id among that
 * order's files (never a path from the request), streamed from the storage with the type found in
 * its content and `Content-Disposition: attachment`, so a browser never renders it in the shop's origin.
 */
export async function loader({ context, params }: Route.LoaderArgs) {
  const ctx = context.get(requestContext);
  const id = parseStrictInt(params.id);
  const file = id === null ? null : await ownAttachment(ctx, params.number, id);
  const stored = file ? await attachmentStorage(ctx.services.config).open(file.key) : null;
  if (!file || !stored) return new Response(ORDER_MESSAGES.fileNotFound, { status: 404, headers: { 'Content-Type': 'text/plain; charset=utf-8', 'Cache-Control': 'private, no-store' } });
  return new Response(Readable.toWeb(stored.stream) as ReadableStream<Uint8Array>, {
    headers: {
      'Content-Type': file.mime,
      'Content-Length': String(stored.size),
      'Content-Disposition': contentDisposition(file.name),
      'X-Content-Type-Options': 'nosniff',
      'Cache-Control': 'private, no-store',
    },
  });
}
