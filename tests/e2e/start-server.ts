// Starts the production server for the journeys on a fresh embedded database.
import { existsSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { DOVECOT, startTestMailbox } from '../../app/modules/suppliers/mail/dovecot-test-server.ts';

const dir = resolve(import.meta.dirname, '../..', process.env.PGLITE_DIR ?? 'var/e2e');
rmSync(dir, { recursive: true, force: true });
// The suppliers' mailbox (ADR 095): a dovecot of the journeys' own on E2E_PORT + 1000, where
// suppliers-mail.spec.ts delivers letters, read at once through POST /__test/mail-intake.
if (existsSync(DOVECOT) && !process.env.SUPPLIERS_IMAP_URL) {
  const port = Number(process.env.PORT ?? 3100) + 1000;
  const mailbox = await startTestMailbox({ port, dir: join(tmpdir(), `dovecot-e2e-${port}`) });
  process.env.SUPPLIERS_IMAP_URL = mailbox.url;
  process.on('exit', () => mailbox.kill());
}
await import('../../server/main.ts');
