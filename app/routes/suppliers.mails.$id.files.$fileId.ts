import { requestContext } from '#app/.server/context.ts';
import { parseStrictInt } from '#app/lib/strict-number.ts';
import { attachmentResponse, letterAttachment } from '#app/modules/suppliers/mail/letters.server.ts';
import { supplierScope } from '#app/modules/suppliers/suppliers.server.ts';
import type { Route } from './+types/suppliers.mails.$id.files.$fileId';

/**
 * A file of the organisation's letter: found by the letter's and the file's ids within the supplier's
 * scope (another organisation's is a 404), streamed as a download that a browser never renders.
 */
export async function loader({ context, params }: Route.LoaderArgs) {
  const ctx = context.get(requestContext);
  const { organisation } = await supplierScope(ctx);
  const letterId = parseStrictInt(params.id);
  const fileId = parseStrictInt(params.fileId);
  const file = organisation && letterId !== null && fileId !== null
    ? await letterAttachment(ctx.services.db, ctx.services.config, organisation.id, letterId, fileId) : null;
  return attachmentResponse(file);
}
