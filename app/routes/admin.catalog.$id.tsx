import { data, useNavigation } from 'react-router';
import { requestContext } from '#app/.server/context.ts';
import styles from '#app/components/backoffice/kit.module.css';
import { Toast } from '#app/components/backoffice/Toast.tsx';
import { Link } from '#app/components/ui/Link.tsx';
import { parseStrictInt } from '#app/lib/strict-number.ts';
import { ADMIN_HEADERS, adminMeta, type AdminHandle } from '#app/layout/admin-sections.ts';
import { requireCapability } from '#app/modules/auth/staff.server.ts';
import { MODEL_OPTION_MESSAGES } from '#app/modules/catalog/model-options.schema.ts';
import { modelForOptions, saveModelOptions } from '#app/modules/catalog/model-options.server.ts';
import { ModelOptionsEditor } from '#app/modules/catalog/ui/ModelOptionsEditor.tsx';
import type { Route } from './+types/admin.catalog.$id';

export const handle: AdminHandle = { capability: 'catalog.options' };

function idOf(raw: string | undefined): number {
  const id = parseStrictInt(raw, { min: 1, max: 2 ** 31 - 1 });
  if (id === null) throw data(null, { status: 404 });
  return id;
}

/** `/admin/catalog/{id}` (ADR 102): one model's options for offers, edited whole. An unknown model is a 404. */
export async function loader({ context, params }: Route.LoaderArgs) {
  const ctx = context.get(requestContext);
  await requireCapability(ctx, handle.capability);
  const model = await modelForOptions(ctx.services.db, idOf(params.id));
  if (!model) throw data(null, { status: 404 });
  return data({ model, csrf: ctx.csrfToken }, { headers: ADMIN_HEADERS });
}

export async function action({ context, params, request }: Route.ActionArgs) {
  const ctx = context.get(requestContext);
  const staff = await requireCapability(ctx, handle.capability);
  const id = idOf(params.id);
  const form = await request.formData();
  let options: unknown;
  try {
    options = JSON.parse(String(form.get('options') ?? ''));
  } catch {
    return data({ message: MODEL_OPTION_MESSAGES.request }, { status: 400 });
  }
  const saved = await saveModelOptions(ctx.services, staff, id, options, ctx.ip);
  if (!saved.ok && saved.code === 'not_found') throw data(null, { status: 404 });
  if (!saved.ok) return data({ message: saved.message }, { status: 400 });
  return data({ toast: MODEL_OPTION_MESSAGES.saved });
}

export const meta: Route.MetaFunction = ({ loaderData: d }) => adminMeta(d ? `Опции модели ${d.model.name}` : MODEL_OPTION_MESSAGES.notFound);

export default function AdminModelOptions({ loaderData, actionData }: Route.ComponentProps) {
  const { model, csrf } = loaderData;
  const busy = useNavigation().state === 'submitting';
  return (
    <>
      <p><Link to="/admin/catalog">← Опции моделей</Link></p>
      <h1 className={styles.title}>Опции модели {model.name}</h1>
      <p className={styles.lead}>
        {model.line} · {model.productCode}. Обязательные опции приходят в предложение выбранными, и клиент не может их убрать; остальные он выбирает сам по правилам «требует» и «несовместима с».
        {' '}<Link to={`/admin/audit?entity=model&entityId=${model.id}`}>История изменений</Link>
      </p>
      <Toast message={actionData && 'toast' in actionData ? actionData.toast : null} token={actionData ?? null} />
      {actionData && 'message' in actionData ? <p className={styles.error} role="alert">{actionData.message}</p> : null}
      <ModelOptionsEditor key={model.updatedAt ?? 'new'} initial={model.options} csrf={csrf} busy={busy} />
    </>
  );
}
