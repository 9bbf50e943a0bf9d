import { lazy, Suspense, useState } from 'react';
import type { LeadRequestKind } from './LeadRequestDialog.tsx';
import styles from './LeadRequestSection.module.css';

// The form and its schema load on the first click: the page's own code carries no zod.
const LeadRequestDialog = lazy(() => import('./LeadRequestDialog.tsx').then((m) => ({ default: m.LeadRequestDialog })));

const TEXT: Record<LeadRequestKind, { title: string; lead: string; button: string }> = {
  service: {
    title: 'Заявка на сервис',
    lead: 'Опишите технику и неисправность — сервисный инженер вашего филиала перезвонит, уточнит детали и согласует время ремонта или выезда.',
    button: 'Оставить заявку на сервис',
  },
  financing: {
    title: 'Заявка на лизинг или кредит',
    lead: 'Укажите модель, стоимость, срок и аванс — менеджер вашего филиала рассчитает платежи и подберёт условия.',
    button: 'Оставить заявку на финансирование',
  },
};

/**
 * The request form's place on a content page (/servis, /finansirovanie; ADR 078): a button that
 * opens the form as a dialog. Nothing of the visitor is in the page's HTML (it is shared by the
 * page cache); a click before hydration is kept and replayed (ADR 047).
 */
export function LeadRequestSection({ kind, branchName }: { kind: LeadRequestKind; branchName: string | null }) {
  const [open, setOpen] = useState(false);
  const [opened, setOpened] = useState(false);
  const text = TEXT[kind];
  return (
    <section className={styles.section} aria-labelledby={`${kind}-request-title`} data-testid={`${kind}-request`}>
      <h2 id={`${kind}-request-title`}>{text.title}</h2>
      <p>{text.lead}</p>
      <button type="button" className="btn btn-brand" aria-haspopup="dialog" onClick={() => { setOpened(true); setOpen(true); }}>
        {text.button}
      </button>
      {opened ? (
        <Suspense fallback={null}>
          <LeadRequestDialog kind={kind} open={open} onClose={() => setOpen(false)} branchName={branchName} />
        </Suspense>
      ) : null}
    </section>
  );
}
