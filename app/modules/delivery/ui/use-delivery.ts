import { api, type ApiResult } from '#app/lib/api.ts';
import type { Carrier } from '../delivery.constants.ts';
import type { Coords, DeliveryAddress } from '../delivery.rules.ts';
import type { AddressSuggestion, DeliveryPriceAnswer, TerminalView } from '../delivery.schema.ts';

/** The panel's calls of spec §7 Delivery and the suggestions endpoint. */

type Answer<T> = ApiResult<T>;

export function fetchSuggestions(q: string): Promise<Answer<{ suggestions: AddressSuggestion[] }>> {
  return api('GET', `/api/delivery/suggest-address?q=${encodeURIComponent(q)}`);
}

/** An address typed when no suggestion matched, placed at the nearest known point (its price is approximate). */
export function fetchLocatedAddress(q: string): Promise<Answer<{ suggestion: AddressSuggestion }>> {
  return api('GET', `/api/delivery/locate-address?q=${encodeURIComponent(q)}`);
}

export function fetchNearestTerminals(address: DeliveryAddress, coords: Coords): Promise<Answer<{ terminals: TerminalView[] }>> {
  return api('POST', '/api/delivery/get-nearest-terminals', { address, coords });
}

export interface PriceRequest {
  branch: number;
  coords: Coords;
  address: DeliveryAddress;
  price: number;
  parts: Array<{ id: number; count: number }>;
  transportCompany: Carrier | null;
  idTerminal: number | null;
}

export async function fetchDeliveryPrice(request: PriceRequest): Promise<Omit<DeliveryPriceAnswer, 'error_status'>> {
  const answer = await api<Omit<DeliveryPriceAnswer, 'error_status'>>('POST', '/api/delivery/get-spare-parts-delivery-price', request);
  if (answer.error_status === 'success') return answer;
  // Spec §8: any failure of the price is the fail flag and a zero price, said in Russian.
  return { price: 0, currencySign: '', carrier: '', transportCompany: request.transportCompany, days: null, distance: null, fail: true, message: answer.message };
}
