// A signed-in buyer's calls around an order, as the cart page makes them: fill the cart, read it
// (line ids and the prices shown), send the order form with an idempotency key.
import { BenchError } from './errors.ts';
import type { Visitor } from './session.ts';

const TIMEOUT_MS = 15_000;

export interface OrderProduct { id: number; count: number; price: number }

function headers(visitor: Visitor, extra: Record<string, string> = {}): Record<string, string> {
  return { cookie: visitor.cookie, 'x-csrf-token': visitor.csrfToken, accept: 'application/json', ...extra };
}

/** `POST /api/cart/add` of these parts, one piece each. */
export async function addToCart(origin: string, visitor: Visitor, partIds: readonly number[]): Promise<void> {
  const res = await fetch(`${origin}/api/cart/add`, {
    method: 'POST', signal: AbortSignal.timeout(TIMEOUT_MS),
    headers: headers(visitor, { 'content-type': 'application/json' }),
    body: JSON.stringify({ products: partIds.map((id) => ({ part_id: id, count: 1 })) }),
  });
  if (!res.ok) throw new BenchError(`POST /api/cart/add answered ${res.status}: ${await res.text()}`);
  await res.arrayBuffer();
}

/** The cart's priced lines at the branch (`GET /api/cart`), as the order form sends them. */
export async function pricedLines(origin: string, visitor: Visitor, branchId: number): Promise<Array<OrderProduct & { partId: number; inStock: number }>> {
  const res = await fetch(`${origin}/api/cart?branchId=${branchId}`, { headers: headers(visitor), signal: AbortSignal.timeout(TIMEOUT_MS) });
  if (!res.ok) throw new BenchError(`GET /api/cart answered ${res.status}: ${await res.text()}`);
  const body = await res.json() as { items: Array<{ id: number; part_id: number; count: number; price: number | null; inStock: number }> };
  return body.items.flatMap((l) => (l.price === null ? [] : [{ id: l.id, partId: l.part_id, count: l.count, price: l.price, inStock: l.inStock }]));
}

/** The order form of the cart page, pickup at the branch, no attachments. */
export function orderForm(products: readonly OrderProduct[], branchId: number): FormData {
  const form = new FormData();
  form.append('products', JSON.stringify(products.map(({ id, count, price }) => ({ id, count, price }))));
  form.append('name', 'Бенч Бенчев');
  form.append('phone', '79123456789');
  form.append('email', 'bench@agro.ru');
  form.append('branchId', String(branchId));
  form.append('deliveryMethod', 'pickup');
  return form;
}

/** `POST /api/order/create`; throws when no answer came (connection refused or reset, timeout). */
export function sendOrder(origin: string, visitor: Visitor, form: FormData, key: string): Promise<Response> {
  return fetch(`${origin}/api/order/create`, {
    method: 'POST', body: form, signal: AbortSignal.timeout(TIMEOUT_MS),
    headers: headers(visitor, { 'Idempotency-Key': key, 'x-forwarded-for': visitor.ip }),
  });
}

export interface OrderAnswer { number: string; repeated: boolean }

export async function orderAnswer(res: Response): Promise<OrderAnswer | { status: number; text: string }> {
  const text = await res.text();
  if (res.status !== 200) return { status: res.status, text: text.slice(0, 300) };
  const body = JSON.parse(text) as { number?: string; repeated?: boolean };
  if (typeof body.number !== 'string') return { status: res.status, text: text.slice(0, 300) };
  return { number: body.number, repeated: body.repeated === true };
}
