import { data } from 'react-router';
import { requestContext } from '#app/.server/context.ts';
import { parseStrictInt } from '#app/lib/strict-number.ts';
import { ADMIN_HEADERS } from '#app/layout/admin-sections.ts';
import { letterOf } from '#app/modules/suppliers/mail/letters.server.ts';
import { LetterView } from '#app/modules/suppliers/mail/ui/LetterView.tsx';
import { supplierScope } from '#app/modules/suppliers/suppliers.server.ts';
import type { Route } from './+types/suppliers.mails.$id';

/** One letter of the organisation (spec §2 `/suppliers/mails/{id}`): another organisation's id is a 404. */
export async function loader({ context, params }: Route.LoaderArgs) {
  const ctx = context.get(requestContext);
  const { organisation } = await supplierScope(ctx);
  const id = parseStrictInt(params.id);
  const letter = organisation && id !== null ? await letterOf(ctx.services.db, organisation.id, id) : null;
  if (!letter) throw data(null, { status: 404, headers: ADMIN_HEADERS });
  return data({ letter }, { headers: ADMIN_HEADERS });
}

export function headers({ loaderHeaders, errorHeaders }: Route.HeadersArgs) {
  return errorHeaders ?? loaderHeaders;
}

export const meta = ({ loaderData: loaded }: Route.MetaArgs) => [
  { title: `${loaded?.letter.subject || 'Письмо'} — Кабинет поставщика` }, { name: 'robots', content: 'noindex, nofollow' },
];

export default function SupplierMail({ loaderData }: Route.ComponentProps) {
  return <LetterView letter={loaderData.letter} back={{ to: '/suppliers/mails', label: '← Все письма' }} fileHref={(f) => `/suppliers/mails/${loaderData.letter.id}/files/${f}`} />;
}
