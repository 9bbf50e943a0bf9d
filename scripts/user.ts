// `npm run user -- <command>`: accounts from the command line (runs the built server bundle).
//   create-employee --name "Иван Петров" --email ivan@agro.ru [--phone 79120000000] --password …
//   grant  --email ivan@agro.ru --role employee|supplier|pp_access|ps_editor   (or --phone …)
//   revoke --email ivan@agro.ru --role supplier
import { resolve } from 'node:path';
import { parseArgs } from 'node:util';
import { pathToFileURL } from 'node:url';
import type * as EntryModule from '../server/entry.ts';

const { positionals, values } = parseArgs({
  allowPositionals: true,
  options: { name: { type: 'string' }, email: { type: 'string' }, phone: { type: 'string' }, password: { type: 'string' }, role: { type: 'string' } },
});
const command = positionals[0];
const usage = () => {
  console.error('usage: npm run user -- create-employee --name N --email E [--phone P] --password W | grant|revoke (--email E | --phone P) --role R');
  process.exit(2);
};
if (!['create-employee', 'grant', 'revoke'].includes(command ?? '')) usage();

const root = resolve(import.meta.dirname, '..');
const entry = await import(pathToFileURL(resolve(root, 'build/server/index.js')).href) as typeof EntryModule;
const config = entry.loadConfig({ ...process.env, NODE_ENV: process.env.NODE_ENV ?? 'development' });
const db = await entry.connect({ databaseUrl: config.DATABASE_URL, pgliteDir: resolve(root, config.PGLITE_DIR), poolSize: 2 });
try {
  await entry.migrateToLatest(db);
  const phone = values.phone?.replace(/\D/g, '');
  if (command === 'create-employee') {
    if (!values.name || !values.email || !values.password || values.password.length < 6) usage();
    // No consent is recorded: the employee gave none here (152-ФЗ records only what a person ticked).
    const id = await entry.createUser(db, { name: values.name!, email: values.email, phone, password: values.password, emailVerified: true, phoneVerified: Boolean(phone), consents: [] });
    await entry.setRole(db, id, 'employee');
    console.log(`Создан сотрудник #${id} (${values.email}).`);
  } else {
    const role = values.role as (typeof entry.ROLES)[number];
    if (!entry.ROLES.includes(role)) { console.error(`Роль должна быть одной из: ${entry.ROLES.join(', ')}`); process.exit(2); }
    const user = values.email ? await entry.findUserByEmail(db, values.email) : phone ? await entry.findUserByPhone(db, phone) : undefined;
    if (!user) { console.error('Пользователь не найден'); process.exit(1); }
    await entry.setRole(db, user.id, role, command === 'grant');
    console.log(`${command === 'grant' ? 'Выдана' : 'Снята'} роль ${role}: пользователь #${user.id}.`);
  }
} finally {
  await db.destroy();
}
