import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, test } from 'vitest';
import { ConfigError, loadConfig } from './env.ts';

const tempDir = () => mkdtempSync(path.join(tmpdir(), 'nuqat-env-'));

describe('configuration', () => {
  test('defaults give a working development config with PGlite', () => {
    const config = loadConfig({ DATA_DIR: tempDir() });
    expect(config.port).toBe(3000);
    expect(config.databaseUrl).toBeUndefined();
    expect(config.publicUrl).toBe('http://localhost:3000');
    expect(config.salla.apiBase).toBe('https://api.salla.dev/admin/v2');
    expect(config.demo).toBe(false);
  });

  test('the embedded page: framed by https://s.salla.sa, introspection on api.salla.dev, no app id until set', () => {
    const defaults = loadConfig({ DATA_DIR: tempDir() });
    expect(defaults.salla.dashboardOrigin).toBe('https://s.salla.sa');
    expect(defaults.salla.exchangeApiBase).toBe('https://api.salla.dev');
    expect(defaults.salla.appId).toBeUndefined();
    const sandbox = loadConfig({
      DATA_DIR: tempDir(),
      SALLA_APP_ID: '1234567890',
      SALLA_DASHBOARD_ORIGIN: 'http://localhost:4010/',
      SALLA_EXCHANGE_API_BASE: 'http://127.0.0.1:4010/',
    });
    expect(sandbox.salla).toMatchObject({
      appId: '1234567890',
      dashboardOrigin: 'http://localhost:4010',
      exchangeApiBase: 'http://127.0.0.1:4010',
    });
    for (const origin of ['https://s.salla.sa/embedded', 'ftp://s.salla.sa', 'not a url'])
      expect(
        () => loadConfig({ DATA_DIR: tempDir(), SALLA_DASHBOARD_ORIGIN: origin }),
        origin,
      ).toThrowError(/SALLA_DASHBOARD_ORIGIN/);
  });

  test('a bad value stops start-up naming the variable', () => {
    const cases: Record<string, string>[] = [
      { PORT: 'eighty' },
      { PORT: '70000' },
      { DATABASE_URL: 'mysql://localhost/db' },
      { SMTP_URL: 'http://mail' },
      { ENCRYPTION_KEY: 'short' },
      { JWT_SECRET: 'too-short' },
      { DEMO: 'maybe' },
      { NODE_ENV: 'staging' },
    ];
    for (const env of cases) {
      const name = Object.keys(env)[0]!;
      expect(() => loadConfig({ DATA_DIR: tempDir(), ...env }), name).toThrowError(ConfigError);
      try {
        loadConfig({ DATA_DIR: tempDir(), ...env });
      } catch (error) {
        expect((error as ConfigError).message).toContain(name);
      }
    }
  });

  test('production refuses to start without JWT_SECRET and ENCRYPTION_KEY', () => {
    expect(() => loadConfig({ NODE_ENV: 'production', DATA_DIR: tempDir() })).toThrowError(
      /JWT_SECRET[\s\S]*ENCRYPTION_KEY/,
    );
  });

  describe('production (issue 10)', () => {
    const production = (env: Record<string, string> = {}) => ({
      NODE_ENV: 'production',
      DATA_DIR: tempDir(),
      JWT_SECRET: 'production-secret-that-is-long-enough-0123456789',
      ENCRYPTION_KEY: '1'.repeat(64),
      SMTP_URL: 'smtp://mail.example.com:587',
      PUBLIC_URL: 'https://loyalty.example.com',
      ...env,
    });
    const problemsOf = (env: Record<string, string | undefined>): string[] => {
      try {
        loadConfig(env);
      } catch (error) {
        if (error instanceof ConfigError) return error.problems;
        throw error;
      }
      return [];
    };

    test('a complete production config loads', () => {
      expect(loadConfig(production()).publicUrl).toBe('https://loyalty.example.com');
    });

    test('refuses DEMO=1', () => {
      expect(problemsOf(production({ DEMO: '1' }))).toEqual([
        expect.stringMatching(/^DEMO: .*NODE_ENV=production/),
      ]);
    });

    test('refuses to run without SMTP_URL', () => {
      expect(problemsOf({ ...production(), SMTP_URL: undefined })).toEqual([
        'SMTP_URL: is required when NODE_ENV=production',
      ]);
    });

    test('refuses a plain-http PUBLIC_URL unless it is a loopback address', () => {
      for (const url of ['http://loyalty.example.com', 'http://10.0.0.5:3000', 'http://0.0.0.0']) {
        expect(problemsOf(production({ PUBLIC_URL: url })), url).toEqual([
          expect.stringMatching(/^PUBLIC_URL: must be https/),
        ]);
      }
      for (const url of ['http://localhost:3000', 'http://127.0.0.1:8080', 'http://[::1]:3000']) {
        expect(problemsOf(production({ PUBLIC_URL: url })), url).toEqual([]);
      }
    });

    test('Unifonic is configured as a set: all or none (issue 23)', () => {
      expect(loadConfig(production()).unifonic).toBeNull();
      expect(
        loadConfig(production({ UNIFONIC_APP_SID: 'sid', UNIFONIC_SENDER_ID: 'Store' })).unifonic,
      ).toEqual({ appSid: 'sid', senderId: 'Store', apiBase: 'https://el.cloud.unifonic.com' });
      for (const partial of [
        { UNIFONIC_APP_SID: 'sid' } as Record<string, string>,
        { UNIFONIC_SENDER_ID: 'Store' },
        { UNIFONIC_API_BASE: 'https://unifonic.example.com' },
      ]) {
        expect(problemsOf(production(partial)), Object.keys(partial)[0]).toEqual([
          expect.stringMatching(/^UNIFONIC_APP_SID, UNIFONIC_SENDER_ID: set both/),
        ]);
      }
      expect(problemsOf(production({ UNIFONIC_API_BASE: 'ftp://x' }))).toEqual([
        expect.stringContaining('UNIFONIC_API_BASE'),
      ]);
    });

    test('refuses a plain-http SALLA_DASHBOARD_ORIGIN unless it is a loopback address', () => {
      expect(
        problemsOf(production({ SALLA_DASHBOARD_ORIGIN: 'http://dashboard.example.com' })),
      ).toEqual([expect.stringMatching(/^SALLA_DASHBOARD_ORIGIN: must be https/)]);
      expect(problemsOf(production({ SALLA_DASHBOARD_ORIGIN: 'http://localhost:4010' }))).toEqual(
        [],
      );
    });

    test('development keeps the outbox and demo mode', () => {
      const config = loadConfig({ DATA_DIR: tempDir(), DEMO: '1', PUBLIC_URL: 'http://x.test' });
      expect(config.demo).toBe(true);
      expect(config.smtpUrl).toBeUndefined();
    });
  });

  test('development secrets are generated once into DATA_DIR and reused', () => {
    const dir = tempDir();
    const first = loadConfig({ DATA_DIR: dir });
    const second = loadConfig({ DATA_DIR: dir });
    expect(Buffer.from(first.jwtSecret).toString()).toBe(Buffer.from(second.jwtSecret).toString());
    expect(first.encryptionKey.equals(second.encryptionKey)).toBe(true);
    expect(first.encryptionKey).toHaveLength(32);
    const other = loadConfig({ DATA_DIR: tempDir() });
    expect(other.encryptionKey.equals(first.encryptionKey)).toBe(false);
  });

  test('empty values count as unset', () => {
    expect(loadConfig({ DATA_DIR: tempDir(), DATABASE_URL: '', PORT: '' }).port).toBe(3000);
  });
});

describe('support contacts in the configuration', () => {
  const base = { DATA_DIR: '/tmp/nuqat-support-config-test' };
  test('a bad e-mail, phone, WhatsApp number or non-https listing stops start-up naming it', () => {
    expect(() => loadConfig({ ...base, SUPPORT_EMAIL: 'not-an-email' })).toThrow(/SUPPORT_EMAIL/);
    expect(() => loadConfig({ ...base, SUPPORT_PHONE: 'call us' })).toThrow(/SUPPORT_PHONE/);
    expect(() => loadConfig({ ...base, SUPPORT_WHATSAPP: '12' })).toThrow(/SUPPORT_WHATSAPP/);
    expect(() => loadConfig({ ...base, SALLA_APP_URL: 'http://apps.salla.sa/x' })).toThrow(
      /SALLA_APP_URL/,
    );
    expect(loadConfig(base).support).toEqual({
      email: null,
      phone: null,
      whatsapp: null,
      appStoreUrl: 'https://apps.salla.sa',
      demo: false,
      operator: { name: null, crNumber: null, address: null, email: null },
    });
  });

  test('the operator details are read when set, refused when malformed, null when unset', () => {
    expect(() => loadConfig({ ...base, OPERATOR_CR_NUMBER: '12345' })).toThrow(
      /OPERATOR_CR_NUMBER/,
    );
    expect(() => loadConfig({ ...base, OPERATOR_EMAIL: 'legal at nuqat' })).toThrow(
      /OPERATOR_EMAIL/,
    );
    expect(() => loadConfig({ ...base, OPERATOR_ADDRESS: 'x' })).toThrow(/OPERATOR_ADDRESS/);
    expect(
      loadConfig({
        ...base,
        OPERATOR_NAME: ' Nuqat Technologies Co. ',
        OPERATOR_CR_NUMBER: '1010123456',
        OPERATOR_ADDRESS: 'King Fahd Road, Riyadh 12211',
        OPERATOR_EMAIL: 'legal@nuqat.example',
      }).support.operator,
    ).toEqual({
      name: 'Nuqat Technologies Co.',
      crNumber: '1010123456',
      address: 'King Fahd Road, Riyadh 12211',
      email: 'legal@nuqat.example',
    });
  });
});
