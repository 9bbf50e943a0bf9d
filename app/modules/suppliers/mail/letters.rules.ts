/* How the letters' screens write dates and sizes (the cabinet and the quarantine alike). */

const WHEN = new Intl.DateTimeFormat('ru-RU', { timeZone: 'Europe/Moscow', day: '2-digit', month: '2-digit', year: 'numeric', hour: '2-digit', minute: '2-digit' });

/** A moment as the shop's people read it: Moscow time, '28.11.2026, 10:00'. */
export function letterTime(iso: string): string {
  return WHEN.format(new Date(iso));
}

/** A file's size: bytes, KB or MB with one decimal ('12,5 КБ'). */
export function fileSize(bytes: number): string {
  if (bytes < 1024) return `${bytes} Б`;
  const kb = bytes / 1024;
  if (kb < 1024) return `${kb.toLocaleString('ru-RU', { maximumFractionDigits: 1 })} КБ`;
  return `${(kb / 1024).toLocaleString('ru-RU', { maximumFractionDigits: 1 })} МБ`;
}

/** `Content-Disposition: attachment` with the file's name (ASCII fallback and RFC 5987 UTF-8). */
export function attachmentDisposition(name: string): string {
  const ascii = name.replace(/[^\x20-\x7e]/g, '_').replace(/["\\]/g, '_');
  return `attachment; filename="${ascii}"; filename*=UTF-8''${encodeURIComponent(name)}`;
}
