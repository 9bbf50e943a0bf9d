/** The first message of each field from a schema's issues, keyed by the field (the first path segment). */
export function firstIssueByField(issues: readonly { path: readonly PropertyKey[]; message: string }[]): Record<string, string> {
  const out: Record<string, string> = {};
  for (const issue of issues) {
    const key = String(issue.path[0] ?? '');
    if (!Object.hasOwn(out, key)) out[key] = issue.message;
  }
  return out;
}

/**
 * The field to focus after a refused submit: the first, in the order the form shows them, that has
 * a message. `order` is the fields' names as they appear on the page; a message of a field the page
 * does not show (a server-only key) is skipped, since focus could not go there anyway.
 */
export function firstInvalidField(order: readonly string[], errors: Readonly<Record<string, string | undefined>>): string | null {
  return order.find((key) => Boolean(errors[key])) ?? null;
}

/**
 * What the form's live region says after a refused submit: screen-reader users hear that nothing was
 * sent and the first thing to correct (focus lands on that field, which reads its own message too).
 */
export function invalidSubmitAnnouncement(messages: readonly string[]): string {
  const first = messages[0];
  if (!first) return '';
  return messages.length === 1
    ? `Форма не отправлена. ${first}`
    : `Форма не отправлена, исправьте поля: ${messages.length}. ${first}`;
}

/**
 * Whether the values a server message was about are still there. A message about what was sent
 * ('Неверный пароль', 'Этот e-mail уже зарегистрирован') goes as soon as the user changes one of
 * those fields, rather than staying until the next submit. `keys` are the fields it depends on.
 */
export function sameValues(sent: Readonly<Record<string, unknown>>, now: Readonly<Record<string, unknown>>, keys: readonly string[]): boolean {
  return keys.every((key) => Object.is(sent[key], now[key]));
}

/**
 * Server messages per field (the API's `fields`), shown under their field until that field is
 * edited: only the fields whose value is still the one sent keep their message.
 */
export function standingFieldErrors(
  fields: Readonly<Record<string, string>>,
  sent: Readonly<Record<string, unknown>>,
  now: Readonly<Record<string, unknown>>,
): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [key, message] of Object.entries(fields)) {
    if (Object.is(sent[key], now[key])) out[key] = message;
  }
  return out;
}
