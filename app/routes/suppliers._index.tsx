import { data } from 'react-router';
import { requestContext } from '#app/.server/context.ts';
import styles from '#app/components/backoffice/kit.module.css';
import { ADMIN_HEADERS } from '#app/layout/admin-sections.ts';
import { requireCapability } from '#app/modules/auth/staff.server.ts';
import type { Route } from './+types/suppliers._index';

/** The supplier cabinet's start: who is signed in and what the cabinet is for. */
export async function loader({ context }: Route.LoaderArgs) {
  const staff = await requireCapability(context.get(requestContext), 'suppliers.cabinet');
  return data({ name: staff.name }, { headers: ADMIN_HEADERS });
}

export const meta = () => [{ title: 'Сводка — Кабинет поставщика' }, { name: 'robots', content: 'noindex, nofollow' }];

export default function SuppliersHome({ loaderData }: Route.ComponentProps) {
  return (
    <>
      <h1 className={styles.title}>Здравствуйте, {loaderData.name}</h1>
      <p className={styles.lead}>Кабинет поставщика «Агротехники».</p>
      <div className={styles.card}>
        <p style={{ marginTop: 0 }}>Здесь вы будете загружать прайс-листы и остатки для филиалов компании и видеть, как они разобраны.</p>
        <p style={{ marginBottom: 0 }} className={styles.muted}>Загрузка откроется, когда менеджер компании настроит для вашей организации источник и шаблон прайс-листа. Вопросы — вашему менеджеру.</p>
      </div>
    </>
  );
}
