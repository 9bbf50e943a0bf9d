import { useContext } from 'react';
import type { ReactElement } from 'react';
import { useLocation } from 'react-router';
import { Link } from '#app/components/ui/Link.tsx';
import { LayoutUiContext } from '#app/components/page/layout-ui.tsx';
import { MACHINES_PATH } from '../yard.constants.ts';
import type { PickerMachine } from '../yard.schema.ts';
import styles from './yard.module.css';

export interface MachinePickerProps {
  /**
   * The visitor's machines from `machinesForPicker(ctx)` (`yard.server.ts`, one statement, newest
   * first); null for a guest, who is offered sign-in instead.
   */
  machines: PickerMachine[] | null;
  /** The model line the page shows (`catalog_model_line.id`): its machines are listed first. */
  lineId?: number | null;
  /** The page's `serial` filter, if any: that machine is marked as the one chosen. */
  currentSerial?: string | null;
  /** Where a machine leads (default: its line's parts page); /fp/ narrows its own list instead. */
  linkOf?: (machine: PickerMachine) => string;
  /** The machine the page is narrowed to (/fp/'s `machine=`): marked as the one chosen. */
  currentId?: number | null;
}

/**
 * 'Выбрать мою технику' for the parts pages (the model line's parts page, the parts landing): each
 * of the visitor's machines links to its line's parts page filtered to its serial number and model
 * (`/zapchasti/{maker}/{line}?serial=…&models[]=…`), the current line's machines first. A guest gets
 * 'Войти' (the login modal, back to this page); a user without machines a link to 'Моя техника'.
 * A native <details> disclosure: keyboard and screen readers work, also before the scripts load.
 *
 * Mount it in a page's loader data and markup, e.g.:
 *   loader: `picker: await machinesForPicker(ctx)`
 *   page:   `<MachinePicker machines={data.picker} lineId={line.id} currentSerial={filters.serial} />`
 */
export function MachinePicker({ machines, lineId = null, currentSerial = null, linkOf, currentId = null }: MachinePickerProps): ReactElement {
  const ui = useContext(LayoutUiContext);
  const location = useLocation();
  if (machines === null) {
    const back = location.pathname + location.search;
    return (
      <div className={styles.picker} data-testid="machine-picker">
        <p className={styles.pickerText}>Войдите, чтобы выбрать свою технику и видеть только подходящие ей запчасти.</p>
        <Link
          className="btn btn-secondary"
          to={`/login?redirect=${encodeURIComponent(back)}`}
          onClick={ui ? (event) => { event.preventDefault(); ui.openAuth({ form: 'EnterEmail', redirect: back }); } : undefined}
        >
          Войти
        </Link>
      </div>
    );
  }
  if (!machines.length) {
    return (
      <div className={styles.picker} data-testid="machine-picker">
        <p className={styles.pickerText}>Добавьте свою технику с серийным номером — и каталог покажет детали именно для неё.</p>
        <Link className="btn btn-secondary" to={MACHINES_PATH}>Моя техника</Link>
      </div>
    );
  }
  const here = lineId === null ? [] : machines.filter((m) => m.lineId === lineId);
  const others = lineId === null ? machines : machines.filter((m) => m.lineId !== lineId);
  const chosen = (m: PickerMachine) => m.id === currentId || (m.lineId === lineId && currentSerial !== null && m.serial === currentSerial);
  const item = (m: PickerMachine) => (
    <li key={m.id}>
      <Link className={styles.pickerLink} to={linkOf ? linkOf(m) : m.partsLink} aria-current={chosen(m) ? 'true' : undefined}>
        <span className={styles.pickerTitle}>{m.title}</span>
        <span className={styles.pickerSub}>{m.title !== m.modelName ? `${m.modelName} · ` : ''}№ {m.serial}</span>
      </Link>
    </li>
  );
  return (
    <details className={styles.picker} data-testid="machine-picker">
      <summary className={styles.pickerSummary}>Выбрать мою технику</summary>
      {here.length ? (
        <>
          <p className={styles.pickerGroup}>Для этого модельного ряда</p>
          <ul className={styles.pickerList}>{here.map(item)}</ul>
        </>
      ) : null}
      {others.length ? (
        <>
          {here.length ? <p className={styles.pickerGroup}>Другая техника</p> : null}
          <ul className={styles.pickerList}>{others.map(item)}</ul>
        </>
      ) : null}
      <Link className={styles.textButton} to={MACHINES_PATH}>Управлять техникой</Link>
    </details>
  );
}
