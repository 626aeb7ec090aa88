import { existsSync, mkdtempSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from './config';

const dirs: string[] = [];
function tempDir(): string {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'esigns-config-'));
  dirs.push(dir);
  return dir;
}
afterEach(() => {
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
});

describe('loadConfig', () => {
  it('applies the documented defaults', () => {
    const dir = tempDir();
    const config = loadConfig({ DATA_DIR: dir });
    expect(config.port).toBe(3000);
    expect(config.publicUrl).toBe('http://localhost:3000');
    expect(config.databaseUrl).toBeUndefined();
    expect(config.s3).toBeUndefined();
    expect(config.workers).toBe(0);
    expect(config.bodyLimitBytes).toBe(1024 * 1024);
  });

  it('generates secrets once and keeps them across starts', () => {
    const dir = tempDir();
    const first = loadConfig({ DATA_DIR: dir });
    const second = loadConfig({ DATA_DIR: dir });
    expect(first.secrets.jwtSecret.length).toBeGreaterThanOrEqual(40);
    expect(second.secrets).toEqual(first.secrets);
    const file = path.join(dir, 'secrets.json');
    expect(statSync(file).mode & 0o777).toBe(0o600);
  });

  it('uses secrets from the environment without writing them to disk', () => {
    const dir = tempDir();
    const config = loadConfig({ DATA_DIR: dir, JWT_SECRET: 'from-env-secret' });
    expect(config.secrets.jwtSecret).toBe('from-env-secret');
    expect(readFileSync(path.join(dir, 'secrets.json'), 'utf8')).not.toContain('from-env-secret');
  });

  it.each([
    [{ PORT: 'abc' }, 'PORT'],
    [{ PORT: '70000' }, 'PORT'],
    [{ PUBLIC_URL: 'not a url' }, 'PUBLIC_URL'],
    [{ LOG_LEVEL: 'loud' }, 'LOG_LEVEL'],
    [{ WORKERS: '-1' }, 'WORKERS'],
  ])('rejects %o naming %s', (env, name) => {
    expect(() => loadConfig({ DATA_DIR: tempDir(), ...env })).toThrow(new RegExp(name));
  });

  it('trusts no proxy unless TRUST_PROXY lists some', () => {
    expect(loadConfig({ DATA_DIR: tempDir() }).trustProxy).toBe(false);
    expect(loadConfig({ DATA_DIR: tempDir(), TRUST_PROXY: '' }).trustProxy).toBe(false);
    expect(loadConfig({ DATA_DIR: tempDir(), TRUST_PROXY: 'false' }).trustProxy).toBe(false);
    expect(loadConfig({ DATA_DIR: tempDir(), TRUST_PROXY: '0' }).trustProxy).toBe(false);
  });

  it.each([
    ['1', 1],
    ['2', 2],
    ['127.0.0.1', ['127.0.0.1']],
    ['10.0.0.0/8, 192.168.1.7,::1, fd00::/8', ['10.0.0.0/8', '192.168.1.7', '::1', 'fd00::/8']],
    ['loopback,uniquelocal', ['loopback', 'uniquelocal']],
  ])('reads TRUST_PROXY=%s', (value, expected) => {
    expect(loadConfig({ DATA_DIR: tempDir(), TRUST_PROXY: value }).trustProxy).toEqual(expected);
  });

  it.each([
    'true',
    '11',
    '-1',
    '10.0.0.0/33',
    '::1/129',
    '10.0.0',
    'proxy.local',
    '10.0.0.1,',
    '1.2.3.4/8/8',
    '1.5',
  ])('refuses TRUST_PROXY=%s with a message naming it', (value) => {
    expect(() => loadConfig({ DATA_DIR: tempDir(), TRUST_PROXY: value })).toThrow(ConfigError);
    expect(() => loadConfig({ DATA_DIR: tempDir(), TRUST_PROXY: value })).toThrow(/TRUST_PROXY/);
  });

  it('archival re-timestamping: off by default, 90 days, and only with timestamp authorities', () => {
    expect(loadConfig({ DATA_DIR: tempDir() }).archiveRenewal).toEqual({ enabled: false, windowDays: 90 });
    expect(() => loadConfig({ DATA_DIR: tempDir(), LTA_RENEWAL: 'true' })).toThrow(
      /LTA_RENEWAL needs TSA_URLS/,
    );
    expect(
      loadConfig({
        DATA_DIR: tempDir(),
        LTA_RENEWAL: 'true',
        LTA_RENEWAL_DAYS: '120',
        TSA_URLS: 'http://tsa.example/tsr',
      }).archiveRenewal,
    ).toEqual({ enabled: true, windowDays: 120 });
    expect(() => loadConfig({ DATA_DIR: tempDir(), LTA_RENEWAL_DAYS: '0' })).toThrow(/LTA_RENEWAL_DAYS/);
  });

  it('refuses separate workers on the embedded database', () => {
    expect(() => loadConfig({ DATA_DIR: tempDir(), WORKERS: '2' })).toThrow(ConfigError);
  });

  it('selects S3 when a bucket is given and trims the public URL', () => {
    const config = loadConfig({
      DATA_DIR: tempDir(),
      S3_BUCKET: 'docs',
      S3_FORCE_PATH_STYLE: 'true',
      PUBLIC_URL: 'https://sign.example.com/',
    });
    expect(config.s3).toMatchObject({ bucket: 'docs', forcePathStyle: true, region: 'us-east-1' });
    expect(config.publicUrl).toBe('https://sign.example.com');
  });

  it('explains a corrupt secrets file instead of replacing it', () => {
    const dir = tempDir();
    writeFileSync(path.join(dir, 'secrets.json'), '{oops');
    expect(() => loadConfig({ DATA_DIR: dir })).toThrow(/not valid JSON/);
    expect(existsSync(path.join(dir, 'secrets.json'))).toBe(true);
  });
});
