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
  request: 'Некорректный запрос: обновите страницу',
  option: 'Опция — объект с id, названием и ценой',
  id: 'id опции — латиница, цифры, «-» и «_», до 32 символов',
  name: 'Укажите название опции',
  price: 'Цена — целое число копеек',
  required: 'Обязательность опции — да или нет',
  rules: 'Правила опции — список id опций',
  tooManyRules: 'Не более 50 правил у опции',
  duplicateId: (id: string) => `Опция ${id} повторяется`,
  unknownRef: (name: string, id: string) => `Опция «${name}» ссылается на неизвестную опцию ${id}`,
  self: (name: string) => `Опция «${name}» ссылается на себя`,
  both: (name: string, other: string) => `Опция «${name}» не может одновременно требовать опцию «${other}» и исключать её`,
  cycle: (names: readonly string[]) => `Опции ${names.map((n) => `«${n}»`).join(', ')} требуют друг друга по кругу: клиент не сможет выбрать их по одной — объедините их в одну опцию`,
  never: (name: string, x: string, y: string) => (x === name || y === name
    ? `Опцию «${name}» нельзя выбрать: ей нужна опция «${x === name ? y : x}», а они несовместимы`
    : `Опцию «${name}» нельзя выбрать: ей нужны опции «${x}» и «${y}», а они несовместимы`),
  requiredExcluded: (name: string, other: string) => `Обязательная опция «${name}» исключает обязательную опцию «${other}»`,
  requiredNeedsOptional: (name: string, other: string) => `Обязательная опция «${name}» требует необязательную опцию «${other}»: сделайте её обязательной`,
} as const;

/** Most options of one model. */
export const MODEL_OPTIONS_MAX = 100;
/** Most rules ('requires' and 'excludes', each) of one option. */
const RULES_MAX = 50;

const M = MODEL_OPTION_MESSAGES;
const optionRef = z.string({ error: M.id }).regex(/^[a-z0-9_-]{1,32}$/, M.id);
const rules = z.array(optionRef, { error: M.rules }).max(RULES_MAX, M.tooManyRules).default([]);

export const modelOption = z.object({
  id: optionRef,
  name: textField('Название опции', { error: M.name }).trim().min(1, M.name).max(200, 'Название опции длиннее 200 символов'),
  price: z.number({ error: M.price }).int(M.price).min(0, 'Цена не может быть отрицательной').max(1e13, 'Слишком большая цена'),
  required: z.boolean({ error: M.required }).default(false),
  requires: rules,
  excludes: rules,
}, { error: M.option });
export type ModelOption = z.infer<typeof modelOption>;

/** A list as it is stored: checked as a whole when it was saved, read back without the rules between options (a rule added later must not empty a list). */
export const storedModelOptions = z.array(modelOption);

/** The options reachable from `start` through 'requires', in the order found, with the one each was reached from. */
function requiredFrom(byId: ReadonlyMap<string, ModelOption>, start: ModelOption): Map<string, string> {
  const from = new Map<string, string>();
  const queue = [start];
  for (let o = queue.shift(); o; o = queue.shift()) {
    for (const r of o.requires) {
      if (from.has(r)) continue;
      from.set(r, o.id);
      const next = byId.get(r);
      if (next) queue.push(next);
    }
  }
  return from;
}

function checkRules(options: ModelOption[], ctx: z.RefinementCtx) {
  const byId = new Map<string, ModelOption>();
  for (const [i, o] of options.entries()) {
    if (byId.has(o.id)) ctx.addIssue({ code: 'custom', path: [i, 'id'], message: M.duplicateId(o.id) });
    byId.set(o.id, o);
  }
  if (byId.size !== options.length) return;
  const name = (id: string) => byId.get(id)?.name ?? id;
  let broken = false;
  const issue = (i: number, message: string) => { broken = true; ctx.addIssue({ code: 'custom', path: [i], message }); };
  for (const [i, o] of options.entries()) {
    for (const ref of [...o.requires, ...o.excludes]) {
      if (!byId.has(ref)) issue(i, M.unknownRef(o.name, ref));
      else if (ref === o.id) issue(i, M.self(o.name));
    }
    const both = o.requires.find((r) => o.excludes.includes(r));
    if (both) issue(i, M.both(o.name, name(both)));
  }
  // The rules below follow 'requires' from option to option: only once every rule names another, known option.
  if (broken) return;
  const inCycle = new Set<string>();
  for (const [i, o] of options.entries()) {
    const from = requiredFrom(byId, o);
    if (from.has(o.id)) {
      // The client changes one option at a time, and no option of a circle can be chosen before the others.
      if (inCycle.has(o.id)) continue;
      const circle = [o.id];
      for (let at = from.get(o.id)!; at !== o.id; at = from.get(at)!) circle.unshift(at);
      circle.unshift(circle.pop()!);
      for (const id of circle) inCycle.add(id);
      issue(i, M.cycle(circle.map(name)));
      continue;
    }
    // Choosing the option chooses all it needs, directly or through others: none of them may exclude another.
    const together = [o, ...[...from.keys()].map((id) => byId.get(id)!)];
    const ids = new Set(together.map((x) => x.id));
    const clash = together.flatMap((x) => x.excludes.filter((y) => ids.has(y)).map((y) => [x, byId.get(y)!] as const))[0];
    if (clash) issue(i, M.never(o.name, clash[0].name, clash[1].name));
  }
  if (broken) return;
  for (const [i, o] of options.entries()) {
    if (!o.required) continue;
    // A required option is always chosen: what it excludes cannot be required, what it needs must be.
    const clash = o.excludes.map((r) => byId.get(r)).find((x) => x?.required);
    if (clash) issue(i, M.requiredExcluded(o.name, clash.name));
    const optional = o.requires.map((r) => byId.get(r)).find((x) => x && !x.required);
    if (optional) issue(i, M.requiredNeedsOptional(o.name, optional.name));
  }
}

/**
 * A model's whole list as staff save it: its length first (a list of thousands is refused before
 * each option is read), then each option, then the rules between them.
 */
export const modelOptions = z.array(z.unknown(), { error: M.request })
  .max(MODEL_OPTIONS_MAX, `Не более ${MODEL_OPTIONS_MAX} опций`)
  .pipe(storedModelOptions.superRefine(checkRules));
