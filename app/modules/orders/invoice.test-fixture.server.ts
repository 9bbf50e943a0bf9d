import type { DB } from '#app/.server/db/connect.ts';

let made = 0;

/** A placed order written straight into the orders' tables: `lines` parts at growing prices (kopecks), delivery optional. */
export async function insertInvoiceOrder(db: DB, input: {
  userId: number; branchId: number; lines: number; createdAt: Date; currency?: 'RUB' | 'KZT' | 'USD';
  delivery?: { method: 'calc'; price: number; failed?: boolean }; priceOnRequest?: boolean;
}): Promise<{ id: number; number: string; total: number; lines: Array<{ code: string; name: string; count: number; price: number; total: number }> }> {
  made += 1;
  const number = `АГ-2099-${String(process.pid % 1000).padStart(3, '0')}${String(made).padStart(3, '0')}`;
  const currency = input.currency ?? 'RUB';
  const lines = Array.from({ length: input.lines }, (_, i) => {
    const count = (i % 3) + 1;
    const price = 1_000_00 + i * 123_45;
    return { code: `INV-${String(i + 1).padStart(3, '0')}`, name: `Деталь номер ${i + 1} для счёта «Агротехника»`, count, price, total: count * price };
  });
  const goods = lines.reduce((s, l) => s + l.total, 0);
  const deliveryPrice = input.delivery && !input.delivery.failed ? input.delivery.price : 0;
  const total = goods + deliveryPrice;
  const order = await db.insertInto('orders_order').values({
    number, user_id: input.userId, session_id: null, name: 'Иван Петров', phone: '79124693764', email: 'ivan@agro.test',
    branch_id: input.branchId, delivery_method: input.delivery?.method ?? 'pickup', delivery_address: input.delivery ? 'г. Смоленск, ул. Ленина, 1' : null,
    delivery_terminal: null, delivery_carrier: null, delivery_price: deliveryPrice, delivery_failed: input.delivery?.failed ?? false,
    comment: '', on_credit: false, currency, items_total: goods, total, created_at: input.createdAt,
  }).returning('id').executeTakeFirstOrThrow();
  if (lines.length) {
    await db.insertInto('orders_line').values(lines.map((l) => ({
      order_id: order.id, part_id: null, code: l.code, name: l.name, one_c_code: null, weight_grams: null,
      count: l.count, price: l.price, old_price: null, currency, line_total: l.total,
    }))).execute();
  }
  if (input.priceOnRequest) {
    await db.insertInto('orders_line').values({
      order_id: order.id, part_id: null, code: 'REQ-1', name: 'Деталь по запросу', one_c_code: null, weight_grams: null,
      count: 1, price: null, old_price: null, currency, line_total: null,
    }).execute();
  }
  return { id: order.id, number, total, lines };
}
