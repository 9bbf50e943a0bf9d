import { data, redirect } from 'react-router';
import { requestContext } from '#app/.server/context.ts';
import { pageMeta } from '#app/lib/meta.ts';
import { signInRedirect } from '#app/modules/auth/profile.server.ts';
import { MACHINES_PATH, MACHINES_TITLE, MODEL_CHOICES, YARD_MESSAGES } from '#app/modules/parts/yard/yard.constants.ts';
import { chosenModelId, pickModel, type ModelChoice } from '#app/modules/parts/yard/yard.rules.ts';
import { machineFormInput, machineIdInput, type MachineFormValues } from '#app/modules/parts/yard/yard.schema.ts';
import { addMachine, currentMaxYear, deleteMachine, listMachines, updateMachine } from '#app/modules/parts/yard/yard.server.ts';
import { MachinesPage, type MachinesActionData } from '#app/modules/parts/yard/ui/MachinesPage.tsx';
import { search } from '#app/modules/search/search.server.ts';
import type { Route } from './+types/profile.machines';

// The layout (profile.tsx) sends guests to sign in and marks the page private, no-store; the action
// checks again, since a post does not run the layout's loader.

const DONE = { added: YARD_MESSAGES.added, updated: YARD_MESSAGES.updated, deleted: YARD_MESSAGES.deleted } as const;

/** 'Моя техника': the user's machines; `?edit=` and `?delete=` open a machine's form or confirmation (no scripts needed). */
export async function loader({ context, url }: Route.LoaderArgs) {
  const ctx = context.get(requestContext);
  const machines = await listMachines(ctx);
  if (!machines) throw redirect(signInRedirect(url.pathname + url.search));
  const own = (key: string) => {
    const parsed = machineIdInput.safeParse(url.searchParams.get(key) ?? '');
    return parsed.success && machines.some((m) => m.id === parsed.data) ? parsed.data : null;
  };
  const done = url.searchParams.get('done');
  return {
    machines,
    maxYear: currentMaxYear(),
    csrf: ctx.csrfToken,
    editId: own('edit'),
    deleteId: own('delete'),
    notice: done && Object.hasOwn(DONE, done) ? DONE[done as keyof typeof DONE] : null,
  };
}

/** A form's text fields as sent (a file or a missing field is undefined; the schema refuses or defaults). */
function textOf(form: FormData, key: string): string | undefined {
  const value = form.get(key);
  return typeof value === 'string' ? value : undefined;
}

/** What the form shows again after a refusal: the values as typed, cut to a sane length. */
function echo(form: FormData): MachineFormValues {
  const v = (key: string) => (textOf(form, key) ?? '').slice(0, 200);
  return { modelId: v('modelId'), modelQuery: v('modelQuery'), modelTitle: v('modelTitle'), serial: v('serial'), year: v('year'), name: v('name') };
}

export async function action({ context, request }: Route.ActionArgs) {
  const ctx = context.get(requestContext);
  if (ctx.session?.userId == null) return redirect(signInRedirect(MACHINES_PATH));
  const form = await request.formData();
  const intent = textOf(form, 'intent');
  const idText = textOf(form, 'id');
  const id = idText === undefined ? null : machineIdInput.safeParse(idText).data ?? null;

  if (intent === 'delete') {
    if (id === null) return data<MachinesActionData>({ intent, id: null, message: YARD_MESSAGES.notFound }, { status: 404 });
    const outcome = await deleteMachine(ctx, id);
    if (!outcome.ok) return data<MachinesActionData>({ intent, id, message: outcome.message }, { status: outcome.code === 'sign-in' ? 401 : 404 });
    return redirect(`${MACHINES_PATH}?done=deleted`);
  }
  if (intent !== 'add' && intent !== 'update') return data<MachinesActionData>({ intent: 'add', id: null, message: 'Некорректный запрос' }, { status: 400 });
  if (intent === 'update' && id === null) return data<MachinesActionData>({ intent, id: null, message: YARD_MESSAGES.notFound }, { status: 404 });

  const values = echo(form);
  // A model picked among those 'Уточните модель' offered (a radio) wins over the box.
  const picked = machineIdInput.safeParse(textOf(form, 'modelChoice') ?? '');
  const parsed = machineFormInput(currentMaxYear()).safeParse(picked.success ? { ...values, modelId: String(picked.data), modelTitle: '' } : values);
  if (!parsed.success) {
    const fields: Record<string, string> = {};
    for (const issue of parsed.error.issues) fields[String(issue.path[0] ?? '')] ??= issue.message;
    return data<MachinesActionData>({ intent, id, values, fields, message: parsed.error.issues[0]!.message }, { status: 400 });
  }
  let modelId = chosenModelId(parsed.data);
  if (modelId === null) {
    // No model chosen from the suggestions (no scripts, or typed and sent): the search finds it by name.
    const found = await search(ctx.services, parsed.data.modelQuery, { limitPerKind: MODEL_CHOICES });
    const choices: ModelChoice[] = (found.groups.find((g) => g.kind === 'model')?.hits ?? [])
      .map((h) => ({ id: Number(h.id), title: h.title, subtitle: h.subtitle }));
    const pick = pickModel(parsed.data.modelQuery, choices);
    if (pick.kind === 'none') {
      return data<MachinesActionData>({ intent, id, values, fields: { modelQuery: YARD_MESSAGES.modelNotFound }, message: YARD_MESSAGES.modelNotFound }, { status: 422 });
    }
    if (pick.kind === 'choose') {
      return data<MachinesActionData>({ intent, id, values, fields: { modelQuery: YARD_MESSAGES.modelAmbiguous }, message: YARD_MESSAGES.modelAmbiguous, choices: pick.choices }, { status: 422 });
    }
    modelId = pick.id;
  }
  const input = { modelId, serial: parsed.data.serial, year: parsed.data.year, name: parsed.data.name };
  const outcome = intent === 'add' ? await addMachine(ctx, input) : await updateMachine(ctx, id!, input);
  if (!outcome.ok) {
    const field = outcome.code === 'duplicate' ? 'serial' : outcome.code === 'unknown-model' ? 'modelQuery' : null;
    const status = outcome.code === 'limit' || outcome.code === 'duplicate' ? 409 : outcome.code === 'sign-in' ? 401 : 404;
    return data<MachinesActionData>({ intent, id, values, fields: field ? { [field]: outcome.message } : {}, message: outcome.message }, { status });
  }
  const anchor = intent === 'add' && 'id' in outcome ? `#machine-${outcome.id as number}` : id ? `#machine-${id}` : '';
  return redirect(`${MACHINES_PATH}?done=${intent === 'add' ? 'added' : 'updated'}${anchor}`);
}

export const meta = () => [...pageMeta(MACHINES_TITLE, 'Ваша техника с серийными номерами: запчасти и схемы, которые подходят именно вашей машине.'), { name: 'robots', content: 'noindex, nofollow' }];

export const handle = { crumbs: () => [{ label: 'Личный кабинет', to: '/profile' }] };

export default function ProfileMachines({ loaderData, actionData }: Route.ComponentProps) {
  return <MachinesPage {...loaderData} actionData={actionData ?? null} />;
}
