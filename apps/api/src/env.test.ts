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
