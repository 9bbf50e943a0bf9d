import { spawn } from 'node:child_process';
import { rmSync } from 'node:fs';
import { chmod, mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { connect, createServer, type AddressInfo } from 'node:net';
import { tmpdir, userInfo } from 'node:os';
import { join } from 'node:path';
import { ImapFlow } from 'imapflow';

/** Debian's dovecot (package dovecot-imapd; .ci/run installs it). */
export const DOVECOT = '/usr/sbin/dovecot';

export interface TestMailbox {
  /** SUPPLIERS_IMAP_URL pointing at it. */
  url: string;
  /** Puts a raw message (RFC 5322 text) into INBOX, as delivery would. */
  deliver(message: string | Buffer): Promise<void>;
  stop(): Promise<void>;
  /** Stops it at once, synchronously (a process's 'exit' handler). */
  kill(): void;
}

async function freePort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  await new Promise((resolve) => server.close(resolve));
  return port;
}

/** Waits until the server greets on the port. */
async function greeted(port: number, deadline: number): Promise<void> {
  for (;;) {
    const ok = await new Promise<boolean>((resolve) => {
      const socket = connect(port, '127.0.0.1');
      socket.once('data', (chunk) => { socket.destroy(); resolve(chunk.toString().startsWith('* OK')); });
      socket.once('error', () => resolve(false));
    });
    if (ok) return;
    if (Date.now() > deadline) throw new Error(`dovecot did not answer on 127.0.0.1:${port}`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

/**
 * A real IMAP server for tests: Debian's dovecot on a free loopback port, everything (settings,
 * sockets, state, the maildir, its log) in a temporary directory, one user with a plain password,
 * no TLS. Run by the current user; as root (containers) its login and internal processes run as
 * Debian's dovenull and dovecot users and the mail as dovecot, since dovecot refuses root there.
 */
export async function startTestMailbox(options: { port?: number; dir?: string } = {}): Promise<TestMailbox> {
  // A fixed directory (the journeys' server, which may be killed without cleaning up) starts afresh.
  if (options.dir) await rm(options.dir, { recursive: true, force: true });
  if (options.dir) await mkdir(options.dir, { recursive: true });
  const dir = options.dir ?? await mkdtemp(join(tmpdir(), 'dovecot-'));
  const root = process.getuid?.() === 0;
  const me = userInfo().username;
  // As root the unprivileged processes must reach the sockets and the maildir.
  if (root) await chmod(dir, 0o755);
  for (const sub of ['base', 'state', 'mail']) await mkdir(join(dir, sub));
  if (root) await chmod(join(dir, 'mail'), 0o777);
  const port = options.port ?? await freePort();
  const password = 'secret-prices';
  await writeFile(join(dir, 'users'), `prices:{PLAIN}${password}\n`);
  await writeFile(join(dir, 'dovecot.conf'), [
    'listen = 127.0.0.1',
    `base_dir = ${dir}/base`,
    `state_dir = ${dir}/state`,
    `instance_name = test-${port}`,
    'protocols = imap',
    'ssl = no',
    'disable_plaintext_auth = no',
    'auth_mechanisms = plain login',
    `default_login_user = ${root ? 'dovenull' : me}`,
    `default_internal_user = ${root ? 'dovecot' : me}`,
    'first_valid_uid = 1',
    `log_path = ${dir}/dovecot.log`,
    `mail_location = maildir:${dir}/mail/%u`,
    'service imap-login {',
    `  inet_listener imap {\n    address = 127.0.0.1\n    port = ${port}\n  }`,
    '  inet_listener imaps {\n    port = 0\n  }',
    '  chroot =',
    '}',
    'service anvil {\n  chroot =\n}',
    `passdb {\n  driver = passwd-file\n  args = scheme=PLAIN username_format=%u ${dir}/users\n}`,
    `userdb {\n  driver = static\n  args = uid=${root ? 'dovecot' : process.getuid?.()} gid=${root ? 'dovecot' : process.getgid?.()} home=${dir}/mail/%u\n}`,
    '',
  ].join('\n'));
  const child = spawn(DOVECOT, ['-F', '-c', join(dir, 'dovecot.conf')], { stdio: 'ignore' });
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  try {
    await greeted(port, Date.now() + 15_000);
  } catch (error) {
    child.kill('SIGTERM');
    await exited;
    await rm(dir, { recursive: true, force: true });
    throw error;
  }
  const url = `imap://prices:${password}@127.0.0.1:${port}/INBOX`;
  return {
    url,
    async deliver(message) {
      const client = new ImapFlow({ host: '127.0.0.1', port, secure: false, auth: { user: 'prices', pass: password }, logger: false });
      await client.connect();
      try {
        await client.append('INBOX', message);
      } finally {
        await client.logout();
      }
    },
    async stop() {
      child.kill('SIGTERM');
      await exited;
      await rm(dir, { recursive: true, force: true });
    },
    kill() {
      child.kill('SIGKILL');
      rmSync(dir, { recursive: true, force: true });
    },
  };
}

/** A letter as a supplier's mail program writes it: a text part and the files attached. */
export function letter(options: {
  from: string; subject?: string; messageId?: string;
  files?: Array<{ name: string; type?: string; content: string | Buffer }>;
}): string {
  const boundary = `b-${Math.random().toString(36).slice(2)}`;
  const encodeWord = (text: string) => `=?UTF-8?B?${Buffer.from(text).toString('base64')}?=`;
  const parts = [
    `From: ${options.from}`,
    'To: prices@agrotechnika.example',
    `Subject: ${encodeWord(options.subject ?? 'Прайс-лист')}`,
    `Message-ID: ${options.messageId ?? `<${Math.random().toString(36).slice(2)}@supplier.test>`}`,
    'Date: Sat, 28 Nov 2026 10:00:00 +0300',
    'MIME-Version: 1.0',
    `Content-Type: multipart/mixed; boundary="${boundary}"`,
    '',
    `--${boundary}`,
    'Content-Type: text/plain; charset=utf-8',
    'Content-Transfer-Encoding: base64',
    '',
    Buffer.from('Добрый день! Прайс-лист во вложении.').toString('base64'),
  ];
  for (const file of options.files ?? []) {
    const body = Buffer.from(file.content).toString('base64').replace(/.{76}/g, '$&\r\n');
    parts.push(
      `--${boundary}`,
      `Content-Type: ${file.type ?? 'text/csv'}; name="${encodeWord(file.name)}"`,
      'Content-Transfer-Encoding: base64',
      `Content-Disposition: attachment; filename="${encodeWord(file.name)}"`,
      '',
      body,
    );
  }
  parts.push(`--${boundary}--`, '');
  return parts.join('\r\n');
}
