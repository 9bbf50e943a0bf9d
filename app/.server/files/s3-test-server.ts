import { createHash, createHmac, timingSafeEqual } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import { createServer, request, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import S3rver from 's3rver';

/** s3rver's fixed credentials. */
export const S3RVER_KEY = 'S3RVER';
export const TEST_BUCKET = 'shop-test';

/**
 * An S3-compatible server on loopback for tests: `s3rver` over a temporary directory, with one
 * bucket, behind a front that checks what s3rver does not — every request's AWS Signature V4
 * (against s3rver's secret) and a signed body's SHA-256 — and answers 403 `SignatureDoesNotMatch`
 * or 400 `XAmzContentSHA256Mismatch` as S3 does. Returns the settings that point the app's storage
 * at it (FILE_STORAGE=s3) and a stop.
 */
export async function startTestS3(): Promise<{ env: Record<string, string>; endpoint: string; stop: () => Promise<void> }> {
  const directory = await mkdtemp(join(tmpdir(), 's3rver-'));
  const s3rver = new S3rver({ address: '127.0.0.1', port: 0, silent: true, directory, vhostBuckets: false, configureBuckets: [{ name: TEST_BUCKET }] });
  const { port: backPort } = await s3rver.run();
  const front = createServer((req, res) => { void pass(req, res, backPort); });
  await new Promise<void>((resolve) => front.listen(0, '127.0.0.1', resolve));
  const endpoint = `http://127.0.0.1:${(front.address() as AddressInfo).port}`;
  return {
    endpoint,
    env: {
      FILE_STORAGE: 's3', S3_ENDPOINT: endpoint, S3_BUCKET: TEST_BUCKET, S3_ACCESS_KEY_ID: S3RVER_KEY,
      S3_SECRET_ACCESS_KEY: S3RVER_KEY, S3_REGION: 'us-east-1', S3_FORCE_PATH_STYLE: 'true',
    },
    async stop() {
      front.closeAllConnections();
      await new Promise((resolve) => front.close(resolve));
      await s3rver.close();
      await rm(directory, { recursive: true, force: true });
    },
  };
}

function refuse(res: ServerResponse, status: number, code: string): void {
  res.writeHead(status, { 'Content-Type': 'application/xml' });
  res.end(`<?xml version="1.0" encoding="UTF-8"?><Error><Code>${code}</Code><Message>${code}</Message></Error>`);
}

async function pass(req: IncomingMessage, res: ServerResponse, backPort: number): Promise<void> {
  const chunks: Buffer[] = [];
  for await (const chunk of req) chunks.push(chunk as Buffer);
  const body = Buffer.concat(chunks);
  if (req.headers.authorization) {
    if (!signatureValid(req)) return refuse(res, 403, 'SignatureDoesNotMatch');
    const claimed = String(req.headers['x-amz-content-sha256'] ?? '');
    if (claimed !== 'UNSIGNED-PAYLOAD' && claimed !== createHash('sha256').update(body).digest('hex')) return refuse(res, 400, 'XAmzContentSHA256Mismatch');
  }
  const forward = request({ host: '127.0.0.1', port: backPort, method: req.method, path: req.url, headers: req.headers }, (answer) => {
    res.writeHead(answer.statusCode ?? 502, answer.headers);
    answer.pipe(res);
  });
  forward.on('error', () => refuse(res, 502, 'BadGateway'));
  forward.end(body);
}

const rfc3986 = (text: string) => encodeURIComponent(text).replace(/[!'()*]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`);
const hmac = (key: Buffer | string, text: string) => createHmac('sha256', key).update(text, 'utf8').digest();

/** AWS Signature V4 of the request, computed here from what arrived, against s3rver's secret. */
function signatureValid(req: IncomingMessage): boolean {
  const match = /^AWS4-HMAC-SHA256 Credential=([^/]+)\/(\d{8})\/([^/]+)\/s3\/aws4_request, ?SignedHeaders=([a-z0-9;-]+), ?Signature=([0-9a-f]{64})$/.exec(String(req.headers.authorization));
  if (!match || match[1] !== S3RVER_KEY) return false;
  const [, , day, region, signedHeaders, signature] = match as unknown as [string, string, string, string, string, string];
  const amzDate = String(req.headers['x-amz-date'] ?? '');
  if (!amzDate.startsWith(day)) return false;
  const url = new URL(req.url ?? '/', 'http://s3.invalid');
  const query = [...url.searchParams].map(([k, v]) => [rfc3986(k), rfc3986(v)]).sort(([a, b], [c, d]) => (a! < c! ? -1 : a! > c! ? 1 : b! < d! ? -1 : b! > d! ? 1 : 0)).map(([k, v]) => `${k}=${v}`).join('&');
  const names = signedHeaders.split(';');
  if (!names.includes('host') || !names.includes('x-amz-date') || !names.includes('x-amz-content-sha256')) return false;
  const headers = names.map((name) => `${name}:${String(req.headers[name] ?? '').trim().replace(/\s+/g, ' ')}\n`).join('');
  const canonical = [req.method, url.pathname, query, headers, signedHeaders, String(req.headers['x-amz-content-sha256'] ?? '')].join('\n');
  const scope = `${day}/${region}/s3/aws4_request`;
  const toSign = ['AWS4-HMAC-SHA256', amzDate, scope, createHash('sha256').update(canonical).digest('hex')].join('\n');
  const key = hmac(hmac(hmac(hmac(`AWS4${S3RVER_KEY}`, day), region), 's3'), 'aws4_request');
  const expected = hmac(key, toSign);
  return timingSafeEqual(expected, Buffer.from(signature, 'hex'));
}
