import { describe, expect, it } from 'vitest';
import { assertPublicOrigin, listeningOrigin, loadConfig, settlePublicOrigin } from './config.ts';

const SECRET = 's'.repeat(40);

describe('PUBLIC_ORIGIN (ADR 014)', () => {
  it('is taken as given, without a trailing slash', () => {
    const config = loadConfig({ PUBLIC_ORIGIN: 'https://shop.example/' });
    expect(config).toMatchObject({ PUBLIC_ORIGIN: 'https://shop.example', publicOriginSet: true });
    expect(() => loadConfig({ PUBLIC_ORIGIN: 'ftp://shop.example' })).toThrow('PUBLIC_ORIGIN');
    expect(() => loadConfig({ PUBLIC_ORIGIN: 'shop.example' })).toThrow('PUBLIC_ORIGIN');
  });

  it('unset, follows HOST and PORT: a wildcard host is opened as localhost', () => {
    expect(loadConfig({ PORT: '4100' })).toMatchObject({ PUBLIC_ORIGIN: 'http://localhost:4100', publicOriginSet: false });
    expect(loadConfig({ DEMO: 'true', PORT: '4101' }).PUBLIC_ORIGIN).toBe('http://127.0.0.1:4101');
    expect(loadConfig({ HOST: '10.0.0.5' }).PUBLIC_ORIGIN).toBe('http://10.0.0.5:3000');
  });

  it('unset, becomes the bound address once the server listens (PORT=0 picks the port)', () => {
    const config = loadConfig({ PORT: '0', HOST: '127.0.0.1' });
    expect(settlePublicOrigin(config, { host: config.HOST, port: 41234 })).toBe('http://127.0.0.1:41234');
    expect(config.PUBLIC_ORIGIN).toBe('http://127.0.0.1:41234');
    const wildcard = loadConfig({ PORT: '0' });
    settlePublicOrigin(wildcard, { host: wildcard.HOST, port: 41235 });
    expect(wildcard.PUBLIC_ORIGIN).toBe('http://localhost:41235');
  });

  it('set, is never replaced by the listening address', () => {
    const config = loadConfig({ PUBLIC_ORIGIN: 'https://shop.example', PORT: '0' });
    expect(settlePublicOrigin(config, { host: '0.0.0.0', port: 41236 })).toBe('http://localhost:41236');
    expect(config.PUBLIC_ORIGIN).toBe('https://shop.example');
  });

  it('writes addresses a browser opens', () => {
    expect(listeningOrigin('0.0.0.0', 3000)).toBe('http://localhost:3000');
    expect(listeningOrigin('::', 3000)).toBe('http://localhost:3000');
    expect(listeningOrigin('::1', 3000)).toBe('http://[::1]:3000');
    expect(listeningOrigin('shop.local', 8080)).toBe('http://shop.local:8080');
  });

  it('is required in production outside demo mode, not in the demo, development or tests', () => {
    const production = (env: Record<string, string> = {}) => loadConfig({ NODE_ENV: 'production', SESSION_SECRET: SECRET, ...env });
    expect(() => assertPublicOrigin(production())).toThrow('PUBLIC_ORIGIN (the shop\'s public address, e.g. https://shop.example) is required when NODE_ENV=production outside demo mode');
    expect(() => assertPublicOrigin(production({ PUBLIC_ORIGIN: 'https://shop.example' }))).not.toThrow();
    expect(() => assertPublicOrigin(production({ DEMO: 'true' }))).not.toThrow();
    expect(() => assertPublicOrigin(loadConfig({ NODE_ENV: 'development' }))).not.toThrow();
    expect(() => assertPublicOrigin(loadConfig({ NODE_ENV: 'test' }))).not.toThrow();
  });
});
