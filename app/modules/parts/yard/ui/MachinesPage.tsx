import { useEffect, useRef } from 'react';
import type { ReactElement } from 'react';
import { Form, Link, useLocation, useNavigation } from 'react-router';
import { InfoLine, ServerAlert } from '#app/components/forms/form-kit.tsx';
import { plural } from '#app/lib/plural.ts';
import { MACHINES_LIMIT, MACHINES_PATH, MACHINES_TITLE } from '../yard.constants.ts';
import { machineTitle } from '../yard.rules.ts';
import type { MachineView } from '../yard.schema.ts';
import { MachineForm, type MachinesActionData } from './MachineForm.tsx';
import styles from './yard.module.css';

export type { MachinesActionData };

export interface MachinesPageProps {
  machines: MachineView[];
  maxYear: number;
  csrf: string;
  /** `?edit=`: the machine whose form is open. */
  editId: number | null;
  /** `?delete=`: the machine whose deletion waits for a confirmation. */
  deleteId: number | null;
  /** What the last change did ('Машина добавлена'). */
  notice: string | null;
  actionData: MachinesActionData | null;
}

/**
 * 'Моя техника': the user's machines with 'Запчасти и схемы' (the line's parts page filtered to the
 * machine's serial number), edit and delete (with a confirmation), and the add form. Everything is
 * links and form posts, so it works before the scripts load.
 */
export function MachinesPage({ machines, maxYear, csrf, editId, deleteId, notice, actionData }: MachinesPageProps): ReactElement {
  const location = useLocation();
  const addFailure = actionData?.intent === 'add' ? actionData : null;
  const full = machines.length >= MACHINES_LIMIT;
  return (
    <section aria-labelledby="machines-title" className={styles.page}>
      <h1 id="machines-title" className={styles.title}>{MACHINES_TITLE}</h1>
      <p className={styles.lead}>
        Сохраните свои машины с серийными номерами — и открывайте каталог запчастей сразу для своей машины:
        на схемах останутся только детали, которые подходят к её серийному номеру.
      </p>
      <InfoLine message={notice} />
      {machines.length ? (
        <>
          <p className={styles.count} aria-live="polite">{machines.length} {plural(machines.length, 'машина', 'машины', 'машин')} из {MACHINES_LIMIT}</p>
          <ul className={styles.list} data-testid="machines">
            {machines.map((m) => (
              <MachineItem
                key={m.id} machine={m} maxYear={maxYear} csrf={csrf}
                editing={editId === m.id || (actionData?.intent === 'update' && actionData.id === m.id)}
                confirming={deleteId === m.id}
                failure={actionData && actionData.id === m.id ? actionData : null}
              />
            ))}
          </ul>
        </>
      ) : (
        <div className={styles.empty}>
          <p className={styles.emptyTitle}>Здесь пока нет техники</p>
          <p>
            Добавьте трактор, комбайн или другую машину с её серийным номером. Тогда в каталоге запчастей одной кнопкой
            откроются схемы именно вашей машины, без деталей, которые ставили на другие серии.
          </p>
        </div>
      )}
      <section aria-labelledby="machine-add-title" className={styles.add}>
        <h2 id="machine-add-title" className={styles.subtitle}>Добавить технику</h2>
        {full
          ? <p className={styles.muted}>В списке уже {MACHINES_LIMIT} машин — это наибольшее число. Удалите ненужную, чтобы добавить новую.</p>
          // A new key after every completed change: the form starts empty again.
          : <MachineForm key={location.key} maxYear={maxYear} csrf={csrf} failure={addFailure} />}
      </section>
    </section>
  );
}

interface MachineItemProps {
  machine: MachineView;
  maxYear: number;
  csrf: string;
  editing: boolean;
  confirming: boolean;
  failure: MachinesActionData | null;
}

function MachineItem({ machine: m, maxYear, csrf, editing, confirming, failure }: MachineItemProps): ReactElement {
  const title = machineTitle({ name: m.name, modelName: m.model.name });
  const confirmButton = useRef<HTMLButtonElement>(null);
  const editBox = useRef<HTMLDivElement>(null);
  const navigation = useNavigation();
  const deleting = navigation.state !== 'idle' && navigation.formData?.get('intent') === 'delete' && navigation.formData.get('id') === String(m.id);
  // The confirmation takes focus, so a keyboard user answers it at once (Escape-free: 'Отмена' is a link).
  useEffect(() => { if (confirming) confirmButton.current?.focus(); }, [confirming]);
  // 'Изменить' opens the form with focus in its first field.
  useEffect(() => {
    if (editing) editBox.current?.querySelector<HTMLInputElement>('input:not([type="hidden"])')?.focus({ preventScroll: false });
  }, [editing]);
  return (
    <li id={`machine-${m.id}`} className={styles.item} data-testid="machine">
      <div className={styles.card}>
        {m.model.image
          ? <img className={styles.picture} src={m.model.image.src} width={m.model.image.width} height={m.model.image.height} alt="" loading="lazy" decoding="async" />
          : <span className={styles.picture} aria-hidden="true" />}
        <div className={styles.body}>
          <h3 className={styles.name}>{title}</h3>
          <p className={styles.meta}>
            {m.name ? <>{m.model.name} · </> : null}{m.manufacturer} · {m.line.name}
          </p>
          <dl className={styles.facts}>
            <div><dt>Серийный номер</dt><dd data-testid="machine-serial">{m.serial}</dd></div>
            {m.year ? <div><dt>Год выпуска</dt><dd>{m.year}</dd></div> : null}
          </dl>
        </div>
        <div className={styles.actions}>
          <Link className="btn btn-brand" to={m.partsLink} data-testid="machine-parts">Запчасти и схемы<span className="visually-hidden">: {title}</span></Link>
          <Link className={styles.textButton} to={`${MACHINES_PATH}?edit=${m.id}#machine-${m.id}`} preventScrollReset aria-label={`Изменить: ${title}`}>Изменить</Link>
          <Link className={`${styles.textButton} ${styles.danger}`} to={`${MACHINES_PATH}?delete=${m.id}#machine-${m.id}`} preventScrollReset aria-label={`Удалить: ${title}`}>Удалить</Link>
        </div>
      </div>
      {confirming ? (
        <Form method="post" action={MACHINES_PATH} preventScrollReset className={styles.confirm} aria-label={`Удалить: ${title}`}>
          <input type="hidden" name="_csrf" value={csrf} />
          <input type="hidden" name="intent" value="delete" />
          <input type="hidden" name="id" value={m.id} />
          <p role="alert">Удалить «{title}» (серийный номер {m.serial}) из вашей техники?</p>
          <div className={styles.formActions}>
            <button ref={confirmButton} type="submit" className={`btn ${styles.dangerButton}`} disabled={deleting}>{deleting ? 'Удаляем…' : 'Удалить'}</button>
            <Link to={MACHINES_PATH} preventScrollReset className="btn btn-secondary">Отмена</Link>
          </div>
        </Form>
      ) : null}
      {failure?.intent === 'delete' ? <ServerAlert message={failure.message} /> : null}
      {editing ? (
        <div ref={editBox}>
          <MachineForm machine={m} maxYear={maxYear} csrf={csrf} failure={failure?.intent === 'update' ? failure : null} />
        </div>
      ) : null}
    </li>
  );
}
