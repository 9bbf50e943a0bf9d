import { z } from './zod.ts';
import { hasLoneSurrogate } from './unicode.ts';

/*
 * Text that may reach the database, a mail or a log: characters nobody types are refused at the
 * boundary with the spec's message style, instead of failing later (PostgreSQL refuses a NUL byte in
 * text with an error, which used to be a 500). Isomorphic: the forms show the same message.
 */

/** C0 controls and DEL; a multi-line text keeps tab, line feed and carriage return. */
const CONTROL = /[\u0000-\u001f\u007f]/;
const CONTROL_MULTILINE = /[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f]/;

/** 'Поле "Ваше Имя" содержит недопустимые символы'. */
export function invalidCharsMessage(label: string): string {
  return `Поле "${label}" содержит недопустимые символы`;
}

/** True when the text has a control character (see above) or a lone surrogate (not valid Unicode). */
export function hasForbiddenChars(value: string, options: { multiline?: boolean } = {}): boolean {
  return (options.multiline ? CONTROL_MULTILINE : CONTROL).test(value) || hasLoneSurrogate(value);
}

/**
 * A string field that refuses control characters first (so that message wins over, e.g., a format
 * check the character would slip through). Chain the field's own rules after it:
 * `textField('Ваше Имя', { error: M.name }).trim().min(1, M.name)`.
 */
export function textField(label: string, options: { error?: string; multiline?: boolean } = {}) {
  const message = invalidCharsMessage(label);
  return z.string(options.error ? { error: options.error } : undefined)
    .refine((value) => !hasForbiddenChars(value, options), { error: message, abort: true });
}

/**
 * Text that comes from another service rather than a form (a social provider's name for the user):
 * characters nobody types are dropped instead of refused, so the sign-in goes on with what is left.
 */
export function withoutForbiddenChars(value: string, maxLength: number): string {
  // Cut first, then drop lone surrogates: the cut may split a pair, which must not leave half of it.
  const cut = value.replace(/[\u0000-\u001f\u007f]+/g, ' ').replace(/\s+/g, ' ').trim().slice(0, maxLength);
  return cut.replace(/[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/g, '').trim();
}
