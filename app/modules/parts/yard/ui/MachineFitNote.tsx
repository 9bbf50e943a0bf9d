import { useContext } from 'react';
import type { ReactElement } from 'react';
import { useLocation } from 'react-router';
import { Link } from '#app/components/ui/Link.tsx';
import { LayoutUiContext } from '#app/components/page/layout-ui.tsx';
import { MACHINES_PATH } from '../yard.constants.ts';
import type { PartMachineFit } from '../yard.schema.ts';
import styles from './yard.module.css';

/**
 * A part page's answer to 'does it fit my machine?' (ADR 037): each of the visitor's machines the
 * part fits, with a link to that machine's parts on the drawing where the part is; those the
 * catalogue cannot tell about, with why (never 'Не подходит': `fit.rules.ts`); the machines it does
 * not fit; a guest is offered sign-in, a user without machines 'Моя техника'.
 */
export function MachineFitNote({ fits }: { fits: PartMachineFit[] | null }): ReactElement {
  const ui = useContext(LayoutUiContext);
  const location = useLocation();
  if (fits === null) {
    const back = location.pathname + location.search;
    return (
      <div className={styles.fit} data-testid="machine-fit">
        <p className={styles.pickerText}>
          <Link
            to={`/login?redirect=${encodeURIComponent(back)}`}
            onClick={ui ? (event) => { event.preventDefault(); ui.openAuth({ form: 'EnterEmail', redirect: back }); } : undefined}
          >Войдите</Link>
          {' '}и добавьте свою технику — подскажем, подходит ли к ней эта деталь.
        </p>
      </div>
    );
  }
  if (!fits.length) {
    return (
      <div className={styles.fit} data-testid="machine-fit">
        <p className={styles.pickerText}>
          <Link to={MACHINES_PATH}>Добавьте свою технику</Link> с заводским номером — подскажем, подходит ли к ней эта деталь.
        </p>
      </div>
    );
  }
  const fitting = fits.filter((f) => f.state === 'fits');
  const unknown = fits.filter((f) => f.state === 'unknown');
  const others = fits.filter((f) => f.state === 'no');
  const label = (f: PartMachineFit) => `${f.title}${f.title !== f.modelName ? ` (${f.modelName})` : ''}, зав. № ${f.serial}`;
  return (
    <div className={styles.fit} data-testid="machine-fit" data-fits={fitting.length > 0 || undefined}>
      {fitting.length ? (
        <>
          <p className={styles.fitYes}>Подходит к вашей технике:</p>
          <ul className={styles.fitList}>
            {fitting.map((f) => <li key={f.id}><Link to={f.link}>{label(f)}</Link> <span className={styles.muted}>— на чертеже</span></li>)}
          </ul>
        </>
      ) : null}
      {unknown.length ? (
        <>
          <p className={styles.fitUnknown}>{fitting.length ? 'Для другой вашей техники применимость не известна:' : 'Применимость к вашей технике не известна:'}</p>
          <ul className={styles.fitList}>
            {unknown.map((f) => (
              <li key={f.id}>
                <Link to={f.link}>{label(f)}</Link>
                <span className={styles.muted}>{f.reason === 'serial' ? ' — есть на чертежах модели, но по заводскому номеру не определить' : ' — в каталоге нет данных о применимости к этой модели'}</span>
              </li>
            ))}
          </ul>
        </>
      ) : null}
      {!fitting.length && !unknown.length ? <p className={styles.fitNo}>Не подходит к вашей технике</p> : null}
      {others.length ? (
        <details className={styles.fitOthers}>
          <summary>{fitting.length || unknown.length ? `Не подходит: ${others.length}` : 'Ваша техника'}</summary>
          <ul className={styles.fitList}>
            {others.map((f) => (
              <li key={f.id}>
                <Link to={f.link}>{label(f)}</Link>
                {f.reason === 'serial' ? <span className={styles.muted}> — есть на чертежах модели, но для других заводских номеров</span> : null}
              </li>
            ))}
          </ul>
        </details>
      ) : null}
    </div>
  );
}
