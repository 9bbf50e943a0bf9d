/** Spec §9: the user's notifications are processed this long after the page mounts. */
export const NOTIFICATION_DELAY_MS = 5000;
/** Spec §9: a hint stays on screen as a success toast for 10 s. */
export const HINT_TOAST_MS = 10_000;
/** The notification dialog's title (spec §4: a modal fills the notification dialog). */
export const NOTIFICATION_DIALOG_TITLE = 'Уведомление';
