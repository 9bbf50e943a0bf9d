import { plural } from '#app/lib/plural.ts';
import type { Carrier } from '../delivery.constants.ts';
import type { TerminalView } from '../delivery.schema.ts';

/** The panel's pure helpers: keyboard of the address combobox, the words it shows. */

export interface ComboboxState { open: boolean; active: number }

export type ComboboxAction = { state: ComboboxState; choose?: number; handled: boolean };

/**
 * The ARIA combobox keys (WAI-ARIA APG, list autocomplete): ArrowDown/ArrowUp move through the
 * suggestions (wrapping, opening the list), Enter chooses the active one, Escape closes the list
 * (and a second Escape is left to the page). Other keys are not handled.
 */
export function comboboxKey(key: string, state: ComboboxState, count: number): ComboboxAction {
  if (key === 'ArrowDown' || key === 'ArrowUp') {
    if (count === 0) return { state, handled: false };
    if (!state.open) return { state: { open: true, active: key === 'ArrowDown' ? 0 : count - 1 }, handled: true };
    const step = key === 'ArrowDown' ? 1 : -1;
    const from = state.active < 0 ? (step === 1 ? -1 : count) : state.active;
    return { state: { open: true, active: (from + step + count) % count }, handled: true };
  }
  if (key === 'Enter') {
    if (state.open && state.active >= 0 && state.active < count) return { state: { open: false, active: -1 }, choose: state.active, handled: true };
    return { state, handled: false };
  }
  if (key === 'Escape') {
    if (state.open) return { state: { open: false, active: -1 }, handled: true };
    return { state, handled: false };
  }
  return { state, handled: false };
}

const whole = new Intl.NumberFormat('ru-RU', { maximumFractionDigits: 0 });

/** '12 450 руб.' with a no-break space before the sign. */
export function formatPrice(price: number, currencySign: string): string {
  return `${whole.format(price)}\u00a0${currencySign}`;
}

export function formatDays(days: number): string {
  return `${days}\u00a0${plural(days, 'день', 'дня', 'дней')}`;
}

export function formatKm(km: number): string {
  return `${whole.format(km)}\u00a0км`;
}

/** The terminals grouped by company in the order the answer gave them (nearest first). */
export function terminalsByCarrier(terminals: readonly TerminalView[]): Array<{ carrier: Carrier; carrierName: string; terminals: TerminalView[] }> {
  const groups = new Map<Carrier, { carrier: Carrier; carrierName: string; terminals: TerminalView[] }>();
  for (const t of terminals) {
    let group = groups.get(t.carrier);
    if (!group) groups.set(t.carrier, (group = { carrier: t.carrier, carrierName: t.carrierName, terminals: [] }));
    group.terminals.push(t);
  }
  return [...groups.values()];
}
