import { textField } from '#app/lib/text.ts';
import { z } from '#app/lib/zod.ts';

/*
 * A catalogue model's options (ADR 102): what a manager's offer starts with when the model is added
 * to it (issue 30 'from catalogue models, with their options'). Prices in kopecks (roubles); a
 * required option comes chosen and the client cannot drop it; the rules are the offer's ('A requires
 * B', 'A excludes C'), between options of the same model, by their ids.
 */

export const MODEL_OPTION_MESSAGES = {
  notFound: 'Модель не найдена',
  saved: 'Опции модели сохранены',
  duplicateId: (id: string) => `Опция ${id} повторяется`,
  unknownRef: (name: string, id: string) => `Опция «${name}» ссылается на неизвестную опцию ${id}`,
  self: (name: string) => `Опция «${name}» ссылается на себя`,
  both: (name: string, other: string) => `Опция «${name}» не может одновременно требовать опцию «${other}» и исключать её`,
  requiredExcluded: (name: string, other: string) => `Обязательная опция «${name}» исключает обязательную опцию «${other}»`,
  requiredNeedsOptional: (name: string, other: string) => `Обязательная опция «${name}» требует необязательную опцию «${other}»: сделайте её обязательной`,
} as const;

/** Most options of one model. */
export const MODEL_OPTIONS_MAX = 100;

const optionRef = z.string().regex(/^[a-z0-9_-]{1,32}$/, 'id опции — латиница, цифры, «-» и «_», до 32 символов');

export const modelOption = z.object({
  id: optionRef,
  name: textField('Название опции').trim().min(1, 'Укажите название опции').max(200, 'Название опции длиннее 200 символов'),
  price: z.number({ error: 'Цена — целое число копеек' }).int('Цена — целое число копеек').min(0, 'Цена не может быть отрицательной').max(1e13, 'Слишком большая цена'),
  required: z.boolean().default(false),
  requires: z.array(optionRef).max(50).default([]),
  excludes: z.array(optionRef).max(50).default([]),
});
export type ModelOption = z.infer<typeof modelOption>;

export const modelOptions = z.array(modelOption).max(MODEL_OPTIONS_MAX, `Не более ${MODEL_OPTIONS_MAX} опций`).superRefine((options, ctx) => {
  const byId = new Map<string, ModelOption>();
  for (const [i, o] of options.entries()) {
    if (byId.has(o.id)) ctx.addIssue({ code: 'custom', path: [i, 'id'], message: MODEL_OPTION_MESSAGES.duplicateId(o.id) });
    byId.set(o.id, o);
  }
  for (const [i, o] of options.entries()) {
    for (const ref of [...o.requires, ...o.excludes]) {
      const other = byId.get(ref);
      if (!other) ctx.addIssue({ code: 'custom', path: [i], message: MODEL_OPTION_MESSAGES.unknownRef(o.name, ref) });
      else if (ref === o.id) ctx.addIssue({ code: 'custom', path: [i], message: MODEL_OPTION_MESSAGES.self(o.name) });
    }
    const both = o.requires.find((r) => o.excludes.includes(r));
    if (both) ctx.addIssue({ code: 'custom', path: [i], message: MODEL_OPTION_MESSAGES.both(o.name, byId.get(both)?.name ?? both) });
    if (o.required) {
      // A required option is always chosen: what it excludes cannot be required, what it needs must be.
      const clash = o.excludes.map((r) => byId.get(r)).find((x) => x?.required);
      if (clash) ctx.addIssue({ code: 'custom', path: [i], message: MODEL_OPTION_MESSAGES.requiredExcluded(o.name, clash.name) });
      const optional = o.requires.map((r) => byId.get(r)).find((x) => x && !x.required);
      if (optional) ctx.addIssue({ code: 'custom', path: [i], message: MODEL_OPTION_MESSAGES.requiredNeedsOptional(o.name, optional.name) });
    }
  }
});
