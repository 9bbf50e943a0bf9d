import { useContext, useEffect, useId, useRef, useState } from 'react';
import { Link } from '#app/components/ui/Link.tsx';
import { LOGIN_TOOLTIP_DELAY_MS, LayoutUiContext } from '#app/components/page/layout-ui.tsx';
import { useOptionalRootData } from '#app/components/page/root-data.ts';
import type { BranchOffer } from '../catalog.schema.ts';
import { PRICE_LOGIN_PROMPT, PRICE_LOGIN_TOOLTIP, priceView, stockLine } from './price-block.rules.ts';
import styles from './PriceBlock.module.css';

export interface PriceBlockProps {
  offer: BranchOffer | null;
  inStock: boolean;
  /** Guests never receive prices; they get the sign-in prompt instead. Default: from the root data. */
  guest?: boolean;
  /** 'card' in lists, 'page' on the model page (larger). */
  size?: 'card' | 'page';
}

/**
 * Price and stock at the visitor's branch (spec §1, §9): the price in the branch's currency, the old
 * price struck through, the sale badge above 10 %, 'Суперцена', 'Цена по запросу'; guests see a
 * sign-in prompt with the login tooltip instead of any price.
 */
export function PriceBlock({ offer, inStock, guest, size = 'card' }: PriceBlockProps) {
  const root = useOptionalRootData();
  const isGuest = guest ?? root?.viewer.isGuest ?? true;
  const stock = stockLine(isGuest ? null : offer, inStock);
  return (
    <div className={`${styles.block} ${size === 'page' ? styles.page : ''}`}>
      {isGuest ? <LoginPrompt /> : <Price offer={offer} />}
      <p className={`${styles.stock} ${styles[stock.tone]}`}>{stock.text}</p>
    </div>
  );
}

function Price({ offer }: { offer: BranchOffer | null }) {
  const view = priceView(offer);
  if (view.price === null) return <p className={styles.onRequest}>Цена по запросу</p>;
  return (
    <div className={styles.priceRow}>
      {view.saleBadge || view.superPrice ? (
        <p className={styles.badges}>
          {view.saleBadge ? <span className={styles.sale} aria-label={`Скидка ${view.saleBadge.replace('−', '')}`}>{view.saleBadge}</span> : null}
          {view.superPrice ? <span className={styles.super}>Суперцена</span> : null}
        </p>
      ) : null}
      <p className={styles.prices}>
        <strong className={styles.price}>{view.price}</strong>
        {view.oldPrice ? <del className={styles.old}><span className="visually-hidden">Старая цена </span>{view.oldPrice}</del> : null}
      </p>
    </div>
  );
}

/** The tooltip's width (PriceBlock.module.css `.tip`: min(280px, 80vw)) and its distance from the window's edge. */
const TIP_WIDTH_PX = 280;
const TIP_MARGIN_PX = 8;

/**
 * 'Войдите, чтобы увидеть цену': opens the auth modal; the §9 tooltip shows after 300 ms of a mouse's
 * hover or on keyboard focus. A tap is neither: a touch's emulated hover never leaves, and the focus
 * the closing modal gives back is not a keyboard's, so either would leave the tooltip over the card.
 */
function LoginPrompt() {
  const ui = useContext(LayoutUiContext);
  const tipId = useId();
  const [tip, setTip] = useState(false);
  // How far the tooltip moves left so that it stays inside the window (a card in the right column).
  const [shift, setShift] = useState(0);
  const wrap = useRef<HTMLDivElement>(null);
  const timer = useRef<ReturnType<typeof setTimeout>>(undefined);
  useEffect(() => () => clearTimeout(timer.current), []);
  const show = () => {
    clearTimeout(timer.current);
    timer.current = setTimeout(() => {
      const left = wrap.current?.getBoundingClientRect().left ?? 0;
      const width = Math.min(TIP_WIDTH_PX, window.innerWidth * 0.8);
      setShift(Math.max(0, left + width + TIP_MARGIN_PX - document.documentElement.clientWidth));
      setTip(true);
    }, LOGIN_TOOLTIP_DELAY_MS);
  };
  const hide = () => { clearTimeout(timer.current); setTip(false); };
  return (
    <div ref={wrap} className={styles.loginWrap} onPointerEnter={(e) => { if (e.pointerType === 'mouse') show(); }} onPointerLeave={hide}>
      {/* A link for a page without scripts; with them the modal opens in place. */}
      <Link
        to="/login"
        className={styles.login}
        aria-describedby={tipId}
        onFocus={(e) => { if (e.currentTarget.matches(':focus-visible')) show(); }}
        onBlur={hide}
        onKeyDown={(e) => { if (e.key === 'Escape') hide(); }}
        onClick={ui ? (e) => { e.preventDefault(); hide(); ui.openAuth(); } : undefined}
      >
        {PRICE_LOGIN_PROMPT}
      </Link>
      <div id={tipId} role="tooltip" className={styles.tip} hidden={!tip} style={shift ? { left: -shift } : undefined}>{PRICE_LOGIN_TOOLTIP}</div>
    </div>
  );
}
