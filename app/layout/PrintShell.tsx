import type { ReactNode } from 'react';
import './print-area.css';

/**
 * The print area's shell (ADR 074): no header, footer, menus or scripts — only the document, on A4,
 * in Inter. Its pages are printed to PDF by the app's printer and answer nobody else.
 */
export function PrintShell({ children }: { children: ReactNode }) {
  return <main className="print-document">{children}</main>;
}
