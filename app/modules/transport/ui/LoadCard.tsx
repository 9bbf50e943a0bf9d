import { Link } from '#app/components/ui/Link.tsx';
import styles from './Transport.module.css';

export interface LoadCardView {
  id: number; fromCity: string; toCity: string; machine: string; weightKg: number; dimensions: string;
  readyOn: string; deadlineOn: string; statusLabel: string; bids: number; link: string;
}

/** One load in a list: route, machine, size and weight, dates, status and the number of bids. */
export function LoadCard({ load, extra }: { load: LoadCardView; extra?: string }) {
  return (
    <li className={styles.card} data-testid="load-card">
      <h3><Link to={load.link}>{load.fromCity} → {load.toCity}</Link></h3>
      <p>{load.machine}</p>
      <p className={styles.meta}><span>{load.dimensions}</span><span>{load.weightKg.toLocaleString('ru-RU')} кг</span></p>
      <p className={styles.meta}><span>Готов: {load.readyOn}</span><span>Доставить до: {load.deadlineOn}</span></p>
      <p className={styles.meta}><span className={styles.status}>{load.statusLabel}</span><span>Ставок: {load.bids}</span>{extra ? <span>{extra}</span> : null}</p>
    </li>
  );
}
