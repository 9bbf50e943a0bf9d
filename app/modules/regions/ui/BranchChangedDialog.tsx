import { Dialog } from '#app/components/ui/Dialog.tsx';
import { branchChangedTitle } from './region-ui.rules.ts';
// Shares the modal's button styles so both region dialogs look alike without a third stylesheet.
import styles from './RegionModal.module.css';

export interface BranchChangedDialogProps {
  /** The new branch; null keeps the dialog closed. */
  branchName: string | null;
  onClose: () => void;
}

/** Confirms a branch change while the parent waits RELOAD_AFTER_SAVE_MS before reloading the page. */
export function BranchChangedDialog({ branchName, onClose }: BranchChangedDialogProps) {
  return (
    <Dialog
      open={branchName !== null}
      onClose={onClose}
      title={branchChangedTitle(branchName ?? '')}
      width="440px"
      id="branch-changed-dialog"
      footer={
        <button type="button" className={styles.primaryButton} onClick={onClose}>
          Понятно
        </button>
      }
    >
      <p className={styles.bodyText}>
        Цены, наличие и контакты на сайте теперь показаны для этого филиала. Страница обновится через секунду.
      </p>
    </Dialog>
  );
}

export default BranchChangedDialog;
