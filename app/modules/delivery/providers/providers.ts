/**
 * The outside services of delivery: address suggestions (DaData) and one price calculator per
 * transport company (СДЭК, Деловые Линии, ПЭК). Use-cases see only these interfaces; which adapters
 * run — the real HTTP ones or the sandboxes — is decided once at start-up by `createDeliveryProviders`
 * (config.ts), as for the accounts' providers (ADR 011, 039).
 */
import type { Carrier } from '../delivery.constants.ts';
import type { Cargo, Coords, DeliveryAddress, Quote } from '../delivery.rules.ts';
import type { AddressSuggestion } from '../delivery.schema.ts';

export interface AddressSuggestions {
  /** Up to `limit` addresses matching what the visitor typed, in Russia and Kazakhstan. */
  suggest(query: string, limit: number): Promise<AddressSuggestion[]>;
}

/** A place a parcel leaves from or arrives at. */
export interface Place {
  coords: Coords;
  country: 'RU' | 'KZ' | string;
  /** One line, as a carrier's address search reads it. */
  line: string;
  city: string;
}

export interface QuoteRequest {
  /** To the visitor's door ('Доставка до адреса') or to the carrier's terminal ('До терминала ТК'). */
  kind: 'door' | 'terminal';
  from: Place;
  to: Place;
  /** The terminal's code at the carrier (kind 'terminal'). */
  terminalCode?: string;
  /** Road kilometres between the two, as we estimate them (the sandbox prices by it). */
  distanceKm: number;
  cargo: Cargo;
  currency: 'RUB' | 'KZT';
}

export interface CarrierCalculator {
  readonly carrier: Carrier;
  /** The carrier's price and term; throws DeliveryProviderError when it cannot say. */
  quote(request: QuoteRequest): Promise<Quote>;
}

export interface DeliveryProviders {
  suggestions: AddressSuggestions;
  carriers: Record<Carrier, CarrierCalculator>;
  /** Whether these are the sandboxes. */
  sandbox: boolean;
}

export type DeliveryProviderName = 'dadata' | Carrier;

/**
 * A vendor refused, answered non-2xx or nonsense, or did not answer in time. The use-case turns it
 * into the fail flag and the Russian message (spec §8); the message names the vendor and status only.
 */
export class DeliveryProviderError extends Error {
  readonly provider: DeliveryProviderName;
  readonly status: number | null;

  constructor(provider: DeliveryProviderName, message: string, options: { status?: number | null; cause?: unknown } = {}) {
    super(message, options.cause === undefined ? undefined : { cause: options.cause });
    this.name = 'DeliveryProviderError';
    this.provider = provider;
    this.status = options.status ?? null;
  }
}

export type { AddressSuggestion, DeliveryAddress };
