// `npm run user -- <command>`: accounts from the command line (runs the built server bundle).
//   create-employee --name "Иван Петров" --email ivan@agro.ru [--phone 79120000000] --password …
//   grant  --email ivan@agro.ru --role employee|supplier|pp_access|ps_editor|branch_manager|content_editor|carrier|administrator   (or --phone …)
//   revoke --email ivan@agro.ru --role supplier
//   credit-limit --email ivan@agro.ru --total 500000 [--used 120000] [--days 30] [--currency RUB]
//     (a customer's credit limit in whole roubles/tenge, until the accounting exchange writes it)
import { resolve } from 'node:path';
import { parseArgs } from 'node:util';
import { pathToFileURL } from 'node:url';
import type * as EntryModule from '../server/entry.ts';

const { positionals, values } = parseArgs({
  allowPositionals: true,
  options: {
    name: { type: 'string' }, email: { type: 'string' }, phone: { type: 'string' }, password: { type: 'string' }, role: { type: 'string' },
    total: { type: 'string' }, used: { type: 'string' }, days: { type: 'string' }, currency: { type: 'string' },
  },
});
const command = positionals[0];
const usage = () => {
  console.error('usage: npm run user -- create-employee --name N --email E [--phone P] --password W | grant|revoke (--email E | --phone P) --role R | credit-limit (--email E | --phone P) --total T [--used U] [--days D] [--currency RUB|KZT]');
  process.exit(2);
};
if (!['create-employee', 'grant', 'revoke', 'credit-limit'].includes(command ?? '')) usage();

/** A whole amount of roubles or tenge from the command line, in minor units; null: not a whole amount. */
function minorUnits(value: string | undefined, fallback: number): number | null {
  if (value === undefined) return fallback;
  return /^\d{1,12}$/.test(value) ? Number(value) * 100 : null;
}

const root = resolve(import.meta.dirname, '..');
const entry = await import(pathToFileURL(resolve(root, 'build/server/index.js')).href) as typeof EntryModule;
const config = entry.loadConfig({ ...process.env, NODE_ENV: process.env.NODE_ENV ?? 'development' });
const db = await entry.connect({ databaseUrl: config.DATABASE_URL, pgliteDir: resolve(root, config.PGLITE_DIR), poolSize: 2 });
try {
  await entry.migrateToLatest(db);
  const phone = values.phone?.replace(/\D/g, '');
  if (command === 'create-employee') {
    if (!values.name || !values.email || !values.password) usage();
    // Checked by the sign-in forms' rules: an account made here can sign in.
    const created = await entry.createEmployee(db, { name: values.name, email: values.email, phone: values.phone, password: values.password });
    if (!created.ok) { console.error(created.message); process.exitCode = 1; }
    else console.log(`Создан сотрудник #${created.id} (${values.email}).`);
  } else if (command === 'credit-limit') {
    const total = minorUnits(values.total, NaN);
    const used = minorUnits(values.used, 0);
    const days = values.days === undefined ? 0 : /^\d{1,4}$/.test(values.days) ? Number(values.days) : NaN;
    const currency = values.currency ?? 'RUB';
    if (total === null || Number.isNaN(total) || used === null || Number.isNaN(days) || (currency !== 'RUB' && currency !== 'KZT')) usage();
    const user = values.email ? await entry.findUserByEmail(db, values.email) : phone ? await entry.findUserByPhone(db, phone) : undefined;
    if (!user) { console.error('Пользователь не найден'); process.exit(1); }
    await entry.setCustomerLimit(db, user.id, { total: total!, used: used!, days, currency: currency as 'RUB' | 'KZT' });
    console.log(`Кредитный лимит пользователя #${user.id}: ${values.total} ${currency}, использовано ${values.used ?? 0}, отсрочка ${days} дн.`);
  } else {
    const role = values.role as (typeof entry.ROLES)[number];
    if (!entry.ROLES.includes(role)) { console.error(`Роль должна быть одной из: ${entry.ROLES.join(', ')}`); process.exit(2); }
    const user = values.email ? await entry.findUserByEmail(db, values.email) : phone ? await entry.findUserByPhone(db, phone) : undefined;
    if (!user) { console.error('Пользователь не найден'); process.exit(1); }
    const organisation = await entry.grantRole(db, user.id, role, command === 'grant');
    console.log(`${command === 'grant' ? 'Выдана' : 'Снята'} роль ${role}: пользователь #${user.id}.`);
    if (organisation) console.log(`${organisation.created ? 'Создан поставщик' : 'Поставщик'} #${organisation.id} «${organisation.name}»: остальное настраивается на /suppliers/admin.`);
  }
} finally {
  await db.destroy();
}
