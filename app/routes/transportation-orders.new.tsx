import type { Readable } from 'node:stream';
import { Form, data, redirect, useNavigation } from 'react-router';
import { requestContext } from '#app/.server/context.ts';
import { IMAGE_MAX_BYTES } from '#app/.server/files/image-variants.ts';
import { readMultipart } from '#app/.server/multipart.ts';
import { firstIssueByField } from '#app/components/forms/form.rules.ts';
import { Link } from '#app/components/ui/Link.tsx';
import { pageMeta } from '#app/lib/meta.ts';
import { signInRedirect } from '#app/modules/auth/profile.server.ts';
import { TRANSPORT_MAX_PHOTOS, TRANSPORT_PATH, TRANSPORT_TITLE } from '#app/modules/transport/transport.constants.ts';
import { TRANSPORT_MESSAGES } from '#app/modules/transport/transport-messages.constants.ts';
import { loadInput } from '#app/modules/transport/transport.schema.ts';
import { postLoad, storeLoadPhoto, transportViewerOf } from '#app/modules/transport/transport.server.ts';
import styles from '#app/modules/transport/ui/Transport.module.css';
import type { Route } from './+types/transportation-orders.new';

/*
 * /transportation-orders/new (ADR 097): a signed-in customer — or an employee, for his branch — posts
 * a load with up to five photos (checked by their content, stored as the site's images). Photos of a
 * refused form are kept and sent again with it, so the visitor does not choose them twice.
 */

const NO_STORE = { 'Cache-Control': 'private, no-store' } as const;
const FIELDS = ['fromCity', 'fromAddress', 'toCity', 'toAddress', 'machine', 'modelId', 'lengthCm', 'widthCm', 'heightCm', 'weightKg', 'readyOn', 'deadlineOn', 'contactPhone', 'note'] as const;
type Values = Record<(typeof FIELDS)[number], string>;
const IMAGE_ID = /^[0-9a-f]{32}$/;

export async function loader({ context, url }: Route.LoaderArgs) {
  const ctx = context.get(requestContext);
  const viewer = await transportViewerOf(ctx);
  if (!viewer) throw redirect(signInRedirect(url.pathname));
  return data({ csrf: ctx.csrfToken, phone: viewer.phone ?? '' }, { headers: NO_STORE });
}

export function headers() {
  return NO_STORE;
}

type Uploaded = { ok: true; imageId: string } | { ok: false; message: string } | null;

export async function action({ context, request }: Route.ActionArgs) {
  const ctx = context.get(requestContext);
  const viewer = await transportViewerOf(ctx);
  if (!viewer) throw redirect(signInRedirect(`${TRANSPORT_PATH}/new`));
  const read = await readMultipart<Uploaded>(request, {
    limits: { fileBytes: IMAGE_MAX_BYTES, files: TRANSPORT_MAX_PHOTOS, fields: 40, fieldBytes: 10_000 },
    onFile: async (file) => {
      if (file.field !== 'photos' || file.filename === '') { file.stream.resume(); return null; }
      return storeLoadPhoto(ctx.services, file.stream as Readable);
    },
  });
  if (!read.ok) return data({ errors: { photos: read.message } as Record<string, string>, values: null, photoIds: [] as string[] }, { status: read.status, headers: NO_STORE });
  const one = (k: string) => read.fields.get(k)?.[0] ?? '';
  const values = Object.fromEntries(FIELDS.map((k) => [k, one(k)])) as Values;
  const kept = (read.fields.get('photoIds') ?? []).filter((id) => IMAGE_ID.test(id));
  const fresh = read.files.filter((f): f is { ok: true; imageId: string } => f !== null && f.ok).map((f) => f.imageId);
  const photoIds = [...new Set([...kept, ...fresh])];
  const refused = read.files.find((f) => f !== null && !f.ok) as { ok: false; message: string } | undefined;
  const parsed = loadInput.safeParse(values);
  const errors: Record<string, string> = parsed.success ? {} : firstIssueByField(parsed.error.issues);
  if (refused) errors.photos = refused.message;
  if (photoIds.length > TRANSPORT_MAX_PHOTOS) errors.photos = `Не более ${TRANSPORT_MAX_PHOTOS} фотографий`;
  if (!parsed.success || Object.keys(errors).length) return data({ errors, values, photoIds: photoIds.slice(0, TRANSPORT_MAX_PHOTOS) }, { status: 400, headers: NO_STORE });
  const posted = await postLoad(ctx.services, viewer, parsed.data, photoIds);
  if (!posted.ok) return data({ errors: { [('field' in posted ? posted.field : 'machine')]: posted.message }, values, photoIds }, { status: 400, headers: NO_STORE });
  return redirect(`${TRANSPORT_PATH}/${posted.id}?done=posted`, { headers: NO_STORE });
}

export const meta: Route.MetaFunction = () => [...pageMeta(`Разместить груз — ${TRANSPORT_TITLE}`, 'Перевозка сельхозтехники: разместите груз.'), { name: 'robots', content: 'noindex, nofollow' }];

function Field({ name, label, errors, values, type = 'text', required = false, hint, wide, inputMode }: {
  name: (typeof FIELDS)[number]; label: string; errors: Record<string, string>; values: Partial<Values>; type?: string; required?: boolean; hint?: string; wide?: boolean; inputMode?: 'numeric' | 'tel';
}) {
  const error = errors[name];
  return (
    <label className={`${styles.field}${wide ? ` ${styles.wide}` : ''}`}>
      <span>{label}{required ? ' *' : ''}</span>
      {name === 'note'
        ? <textarea name={name} defaultValue={values[name] ?? ''} rows={3} maxLength={2000} aria-invalid={error ? true : undefined} />
        : <input name={name} type={type} defaultValue={values[name] ?? ''} required={required} inputMode={inputMode} aria-invalid={error ? true : undefined} />}
      {hint ? <span className={styles.meta}>{hint}</span> : null}
      {error ? <span className={styles.error} role="alert">{error}</span> : null}
    </label>
  );
}

export default function NewLoad({ loaderData, actionData }: Route.ComponentProps) {
  const busy = useNavigation().state === 'submitting';
  const errors: Record<string, string> = actionData?.errors ?? {};
  const values: Partial<Values> = actionData?.values ?? { contactPhone: loaderData.phone };
  const photoIds = actionData?.photoIds ?? [];
  const p = { errors, values };
  return (
    <div className={`container ${styles.page}`}>
      <p><Link to={TRANSPORT_PATH}>← {TRANSPORT_TITLE}</Link></p>
      <h1>Разместить груз</h1>
      <p className={styles.lead}>Перевозчики увидят маршрут, технику и даты и предложат цену. Ваш телефон они получат, только когда вы выберете одного из них.</p>
      {actionData ? <p className={styles.alert} role="alert">{TRANSPORT_MESSAGES.invalid}</p> : null}
      <Form method="post" encType="multipart/form-data" className={styles.form} data-testid="load-form">
        <input type="hidden" name="_csrf" value={loaderData.csrf} />
        {photoIds.map((id) => <input key={id} type="hidden" name="photoIds" value={id} />)}
        <Field name="fromCity" label="Откуда (город)" required {...p} />
        <Field name="toCity" label="Куда (город)" required {...p} />
        <Field name="fromAddress" label="Адрес погрузки" {...p} />
        <Field name="toAddress" label="Адрес выгрузки" {...p} />
        <Field name="machine" label="Техника" required hint="Например: трактор John Deere 8R 410" {...p} />
        <Field name="modelId" label="Номер модели в каталоге" inputMode="numeric" hint="Необязательно" {...p} />
        <div className={styles.sizes}>
          <Field name="lengthCm" label="Длина, см" required inputMode="numeric" {...p} />
          <Field name="widthCm" label="Ширина, см" required inputMode="numeric" {...p} />
          <Field name="heightCm" label="Высота, см" required inputMode="numeric" {...p} />
          <Field name="weightKg" label="Масса, кг" required inputMode="numeric" {...p} />
        </div>
        <Field name="readyOn" label="Груз готов к отправке" type="date" required {...p} />
        <Field name="deadlineOn" label="Доставить до" type="date" required {...p} />
        <Field name="contactPhone" label="Контактный телефон" type="tel" inputMode="tel" required {...p} />
        <label className={styles.field}>
          <span>Фотографии (до {TRANSPORT_MAX_PHOTOS}, JPEG, PNG, WebP)</span>
          <input type="file" name="photos" accept="image/jpeg,image/png,image/webp,image/avif" multiple />
          {photoIds.length ? <span className={styles.meta}>Уже загружено: {photoIds.length}</span> : null}
          {errors.photos ? <span className={styles.error} role="alert">{errors.photos}</span> : null}
        </label>
        <Field name="note" label="Комментарий" wide {...p} />
        <p className={styles.wide}><button type="submit" className="btn btn-primary" disabled={busy}>Разместить груз</button></p>
      </Form>
    </div>
  );
}
