import { requestContext } from '#app/.server/context.ts';
import { parseStrictInt } from '#app/lib/strict-number.ts';
import { requireCapability } from '#app/modules/auth/staff.server.ts';
import { attachmentResponse, quarantinedAttachment } from '#app/modules/suppliers/mail/letters.server.ts';
import type { Route } from './+types/suppliers.admin.quarantine.$id.files.$fileId';

/** A file of a quarantined letter, for employees deciding on it ('suppliers.manage'): a download, never rendered. */
export async function loader({ context, params }: Route.LoaderArgs) {
  const ctx = context.get(requestContext);
  await requireCapability(ctx, 'suppliers.manage');
  const letterId = parseStrictInt(params.id);
  const fileId = parseStrictInt(params.fileId);
  const file = letterId !== null && fileId !== null ? await quarantinedAttachment(ctx.services.db, ctx.services.config, letterId, fileId) : null;
  return attachmentResponse(file);
}
