import { TRANSPORT_STATUSES, type TransportStatus } from './transport.constants.ts';

/** A change of a load's status: who may ask for it and from which statuses. */
export const TRANSPORT_ACTIONS = ['award', 'start', 'deliver', 'cancel'] as const;
export type TransportAction = (typeof TRANSPORT_ACTIONS)[number];

export const TRANSITIONS: Record<TransportAction, { from: readonly TransportStatus[]; to: TransportStatus; by: 'owner' | 'owner_or_carrier' }> = {
  award: { from: ['open'], to: 'awarded', by: 'owner' },
  start: { from: ['awarded'], to: 'in_transit', by: 'owner_or_carrier' },
  deliver: { from: ['in_transit'], to: 'delivered', by: 'owner_or_carrier' },
  cancel: { from: ['open', 'awarded'], to: 'cancelled', by: 'owner' },
};

export const ACTION_LABELS: Record<Exclude<TransportAction, 'award'>, string> = {
  start: 'Груз забран, в пути',
  deliver: 'Груз доставлен',
  cancel: 'Отменить перевозку',
};

/** The actions a party may take on a load in a status (award is offered per bid). */
export function actionsFor(status: TransportStatus, party: 'owner' | 'carrier'): TransportAction[] {
  return (Object.keys(TRANSITIONS) as TransportAction[]).filter((a) => {
    const t = TRANSITIONS[a];
    return t.from.includes(status) && (party === 'owner' || t.by === 'owner_or_carrier');
  });
}

export function isTransportStatus(value: unknown): value is TransportStatus {
  return typeof value === 'string' && (TRANSPORT_STATUSES as readonly string[]).includes(value);
}

/** The label a bidder has before the award: his place in the order of bids, never his name or contacts. */
export function carrierLabel(position: number): string {
  return `Перевозчик №${position}`;
}

/** '12 000 × 3 000 × 3 500 см' */
export function dimensionsText(load: { lengthCm: number; widthCm: number; heightCm: number }): string {
  const n = (v: number) => String(v).replace(/\B(?=(\d{3})+(?!\d))/g, ' ');
  return `${n(load.lengthCm)} × ${n(load.widthCm)} × ${n(load.heightCm)} см`;
}

/** A phone of digits as '+7 912 000-00-00' (Russia and Kazakhstan); other lengths as they are. */
export function phoneText(digits: string): string {
  const m = /^7(\d{3})(\d{3})(\d{2})(\d{2})$/.exec(digits);
  return m ? `+7 ${m[1]} ${m[2]}-${m[3]}-${m[4]}` : `+${digits}`;
}
