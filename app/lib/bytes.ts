/** '10 МБ', '512 КБ', '100 байт': sizes as messages and lists show them (isomorphic). */
export function formatBytes(bytes: number): string {
  if (bytes >= 1024 * 1024 && bytes % (1024 * 1024) === 0) return `${bytes / (1024 * 1024)} МБ`;
  if (bytes >= 1024 * 1024) return `${(bytes / (1024 * 1024)).toFixed(1).replace('.', ',')} МБ`;
  if (bytes >= 1024) return `${Math.floor(bytes / 1024)} КБ`;
  return `${bytes} байт`;
}
