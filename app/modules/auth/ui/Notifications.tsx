import { useEffect, useRef, useState } from 'react';
import type { ReactElement } from 'react';
import { Dialog } from '#app/components/ui/Dialog.tsx';
import { api } from '#app/lib/api.ts';
import { NOTIFICATION_DELAY_MS, NOTIFICATION_DIALOG_TITLE } from '../notification.constants.ts';
import { classifyNotification, createHintQueue, sanitizeHtml, type Hint, type IncomingNotification } from '../notification.rules.ts';
import styles from './Notifications.module.css';

function markShown(id: number): void {
  void api('POST', `/api/notifications/${id}/shown`);
}

/**
 * The signed-in user's notifications (spec §4), mounted by the shell for signed-in users only.
 * 5 s after mount they are fetched and processed: a hint becomes a success toast for 10 s (one at
 * a time, the next waits, duplicates ignored); a modal fills the notification dialog with its
 * sanitised html; an unknown view_type is only logged. Each one shown is marked shown.
 */
export function Notifications(): ReactElement {
  const [toast, setToast] = useState<Hint | null>(null);
  const [modals, setModals] = useState<{ id: number; html: string }[]>([]);
  const queue = useRef<ReturnType<typeof createHintQueue> | null>(null);

  useEffect(() => {
    const hints = createHintQueue({ onChange: (state) => setToast(state.current), onShow: (hint) => markShown(hint.id) });
    queue.current = hints;
    let cancelled = false;
    const timer = setTimeout(async () => {
      const result = await api<{ notifications: IncomingNotification[] }>('GET', '/api/notifications');
      if (cancelled || result.error_status !== 'success') return;
      for (const notification of result.notifications) {
        const route = classifyNotification(notification);
        if (route.kind === 'hint') {
          // A duplicate is not shown, but it has been dealt with: it should not come back next time.
          if (!hints.push(route.hint)) markShown(route.hint.id);
        } else if (route.kind === 'modal') {
          // The server sanitises already; the page does it again so this component is safe on its own.
          setModals((list) => [...list, { id: route.id, html: sanitizeHtml(route.html) }]);
        } else {
          console.warn('Unknown notification type', notification.view_type, notification);
        }
      }
    }, NOTIFICATION_DELAY_MS);
    return () => {
      cancelled = true;
      clearTimeout(timer);
      hints.dispose();
      queue.current = null;
    };
  }, []);

  const modal = modals[0] ?? null;
  const modalId = modal?.id;
  useEffect(() => {
    if (modalId !== undefined) markShown(modalId);
  }, [modalId]);

  return (
    <>
      <div className={styles.region} role="status" aria-live="polite" data-testid="notifications">
        {toast ? (
          <div className={styles.toast} data-testid="notification-toast">
            <div className={styles.text}>
              {toast.title ? <p className={styles.title}>{toast.title}</p> : null}
              {toast.content ? <p className={styles.content}>{toast.content}</p> : null}
            </div>
            <button type="button" className={styles.close} aria-label="Закрыть уведомление" onClick={() => queue.current?.dismiss()}>×</button>
          </div>
        ) : null}
      </div>
      <Dialog open={modal !== null} onClose={() => setModals((list) => list.slice(1))} title={NOTIFICATION_DIALOG_TITLE}>
        {modal ? <div className={`prose ${styles.html}`} dangerouslySetInnerHTML={{ __html: modal.html }} /> : null}
      </Dialog>
    </>
  );
}
