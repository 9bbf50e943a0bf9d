import { useState } from 'react';
import { useRevalidator } from 'react-router';
import { CodeInput } from '#app/components/ui/CodeInput.tsx';
import { Dialog } from '#app/components/ui/Dialog.tsx';
import { api } from '#app/lib/api.ts';
import type { PageOffer } from '../offer-view.schema.ts';
import styles from './OfferPage.module.css';

/**
 * Acceptance (issue 30 §6): the client accepts the version he sees with a code sent by SMS to the
 * offer's phone. Possible once the manager has answered every change and nothing is queued.
 */
export function OfferAccept({ offer, blocked }: { offer: PageOffer; blocked: boolean }) {
  const [open, setOpen] = useState(false);
  const [step, setStep] = useState<'send' | 'code'>('send');
  const [code, setCode] = useState('');
  const [busy, setBusy] = useState(false);
  const [message, setMessage] = useState<{ tone: 'error' | 'info'; text: string } | null>(null);
  const revalidator = useRevalidator();
  if (offer.state !== 'sent' || offer.flags.read_only) return null;
  if (offer.entries.length) return <p className={styles.muted}>Принять предложение можно после ответа менеджера на ваши изменения.</p>;

  async function send() {
    setBusy(true);
    const answer = await api<{ message: string }>('POST', `/offers/${offer.hash}/accept-code`);
    setBusy(false);
    if (answer.error_status === 'success') { setStep('code'); setMessage({ tone: 'info', text: answer.message }); }
    else setMessage({ tone: 'error', text: answer.message });
  }

  async function accept(value = code) {
    if (value.length < 4) return;
    setBusy(true);
    const answer = await api<{ message: string }>('POST', `/offers/${offer.hash}/accept`, { version: offer.version, code: value });
    if (answer.error_status === 'success') {
      setOpen(false);
      await revalidator.revalidate();
    } else {
      setMessage({ tone: 'error', text: answer.message });
      setCode('');
    }
    setBusy(false);
  }

  return (
    <>
      <button type="button" className={`btn btn-primary ${styles.accept}`} disabled={blocked} onClick={() => { setOpen(true); setStep('send'); setMessage(null); }} data-testid="offer-accept">
        Принять предложение
      </button>
      {blocked ? <p className={styles.muted}>Сохраните изменения или отмените их, чтобы принять предложение.</p> : null}
      <Dialog open={open} onClose={() => setOpen(false)} title={`Принять версию ${offer.version}`} width="480px">
        <div className={styles.acceptBody}>
          <p>Принимая предложение, вы подтверждаете его состав, цены и условия. Подписью служит код из SMS — мы отправим его на номер, указанный в предложении.</p>
          {message ? <p className={message.tone === 'error' ? styles.error : styles.muted} role={message.tone === 'error' ? 'alert' : 'status'}>{message.text}</p> : null}
          {step === 'send' ? (
            <button type="button" className="btn btn-primary" onClick={send} disabled={busy} aria-busy={busy}>Получить код</button>
          ) : (
            <>
              <CodeInput value={code} onChange={setCode} onComplete={(v) => void accept(v)} label="Код из SMS" disabled={busy} autoFocus />
              <div className={styles.actions}>
                <button type="button" className="btn btn-primary" onClick={() => void accept()} disabled={busy || code.length < 4} aria-busy={busy} data-testid="offer-accept-confirm">Принять предложение</button>
                <button type="button" className="btn btn-secondary" onClick={send} disabled={busy}>Отправить код ещё раз</button>
              </div>
            </>
          )}
        </div>
      </Dialog>
    </>
  );
}
