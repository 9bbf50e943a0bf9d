/** Spec §5: an e-mail address with a domain ending of 2 to 4 letters (Latin or Cyrillic). */
export const EMAIL_PATTERN = /^[^\s@]+@[^\s@]+\.[a-zа-я]{2,4}$/i;

/** The digits of a phone as typed ('+7 (912) 345-67-89' → '79123456789'). */
export function phoneDigits(value: string): string {
  return value.replace(/\D/g, '');
}
