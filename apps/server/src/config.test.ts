import { existsSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { loadConfig, missingSecretMessage, readSettings } from './config';

const dataDir = join(tmpdir(), `furrow-config-${process.pid}`);
afterEach(() => rmSync(dataDir, { recursive: true, force: true }));

describe('TRUST_PROXY', () => {
  const trustProxy = (value?: string) =>
    readSettings({ DATA_DIR: dataDir, ...(value === undefined ? {} : { TRUST_PROXY: value }) })
      .TRUST_PROXY;

  it('trusts no proxy unless set', () => {
    expect(trustProxy()).toBe(false);
    expect(trustProxy('')).toBe(false);
    expect(trustProxy('0')).toBe(false);
  });

  it('takes a number of proxies or a list of addresses and ranges', () => {
    expect(trustProxy('1')).toBe(1);
    expect(trustProxy('10.0.0.0/8, 127.0.0.1,::1,fd00::/8,loopback')).toEqual([
      '10.0.0.0/8',
      '127.0.0.1',
      '::1',
      'fd00::/8',
      'loopback',
    ]);
  });

  it('refuses anything else, naming what is wrong', () => {
    expect(() => trustProxy('true')).toThrow(/TRUST_PROXY: .*"true"/);
    expect(() => trustProxy('10.0.0.0/33,proxy.local')).toThrow(
      /"10\.0\.0\.0\/33", "proxy\.local"/,
    );
  });
});

describe('JWT_SECRET', () => {
  const secret = 'a-secret-of-at-least-thirty-two-characters';
  const postgres = 'postgres://furrow@db.internal:5432/furrow';

  it('is required with DATABASE_URL, since several processes may share that database', () => {
    expect(() => loadConfig({ DATA_DIR: dataDir, DATABASE_URL: postgres })).toThrow(
      missingSecretMessage,
    );
    expect(missingSecretMessage).toMatch(/^JWT_SECRET must be set when DATABASE_URL is set/);
    expect(
      loadConfig({ DATA_DIR: dataDir, DATABASE_URL: postgres, JWT_SECRET: secret }),
    ).toMatchObject({ JWT_SECRET: secret });
    expect(existsSync(join(dataDir, 'jwt-secret'))).toBe(false);
  });

  it('is generated once and kept in DATA_DIR for the embedded database', () => {
    const first = loadConfig({ DATA_DIR: dataDir }).JWT_SECRET;
    expect(first.length).toBeGreaterThanOrEqual(32);
    expect(readFileSync(join(dataDir, 'jwt-secret'), 'utf8')).toBe(first);
    expect(loadConfig({ DATA_DIR: dataDir }).JWT_SECRET).toBe(first);
  });

  it('is not needed by the tools that only open the database', () => {
    expect(readSettings({ DATA_DIR: dataDir, DATABASE_URL: postgres }).DATABASE_URL).toBe(postgres);
  });
});
