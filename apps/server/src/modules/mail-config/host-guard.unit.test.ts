import { createTransport } from 'nodemailer';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startSmtpSink, type SmtpSink } from '../../platform/mail/smtp-sink-test-utils';
import { checkHostAtSave, guardedSocket, isPrivateAddress, PrivateHostError } from './host-guard';

describe('isPrivateAddress', () => {
  it.each([
    ['127.0.0.1', true],
    ['127.255.0.9', true],
    ['10.2.3.4', true],
    ['172.16.0.1', true],
    ['172.31.255.255', true],
    ['192.168.1.10', true],
    ['169.254.169.254', true],
    ['100.64.0.1', true],
    ['0.0.0.0', true],
    ['224.0.0.1', true],
    ['255.255.255.255', true],
    ['::1', true],
    ['::', true],
    ['fe80::1', true],
    ['fd12:3456::1', true],
    ['::ffff:127.0.0.1', true],
    ['::ffff:7f00:1', true],
    ['::ffff:a9fe:a9fe', true],
    ['not an address', true],
    ['8.8.8.8', false],
    ['172.32.0.1', false],
    ['93.184.216.34', false],
    ['2606:4700:4700::1111', false],
    ['::ffff:8.8.8.8', false],
  ])('%s is private: %s', (address, expected) => {
    expect(isPrivateAddress(address)).toBe(expected);
  });
});

describe('at save', () => {
  it('refuses a loopback address and a name that resolves to one', async () => {
    await expect(checkHostAtSave('127.0.0.1', false)).rejects.toBeInstanceOf(PrivateHostError);
    await expect(checkHostAtSave('localhost', false)).rejects.toThrow(/private, loopback or link-local/);
    await expect(checkHostAtSave('169.254.169.254', false)).rejects.toBeInstanceOf(PrivateHostError);
  });

  it('lets them through when the operator allows private hosts', async () => {
    await expect(checkHostAtSave('127.0.0.1', true)).resolves.toBeUndefined();
  });

  it('lets a name that does not resolve through (trying the settings reports it)', async () => {
    await expect(checkHostAtSave('no-such-host.invalid', false)).resolves.toBeUndefined();
  });
});

describe('at connect time', () => {
  let sink: SmtpSink;
  beforeAll(async () => {
    sink = await startSmtpSink();
  });
  afterAll(async () => {
    await sink?.close();
  });

  const transportThrough = (getSocket: ReturnType<typeof guardedSocket>) =>
    createTransport({
      host: '127.0.0.1',
      port: sink.port,
      ignoreTLS: true,
      connectionTimeout: 5_000,
      ...(getSocket ? { getSocket } : {}),
    });

  it('refuses to connect to a private address, opening no connection', async () => {
    const before = sink.connections();
    const transport = transportThrough(guardedSocket(false));
    await expect(
      transport.sendMail({ from: 'a@example.com', to: 'b@example.com', subject: 'x', text: 'x' }),
    ).rejects.toThrow(/127\.0\.0\.1, a private, loopback or link-local address/);
    expect(sink.connections()).toBe(before);
    transport.close();
  });

  it('connects to the very address it checked and delivers through it', async () => {
    const checked: string[] = [];
    const refuse = (address: string) => {
      checked.push(address);
      return false;
    };
    const transport = transportThrough(guardedSocket(false, refuse));
    await transport.sendMail({
      from: 'a@example.com',
      to: 'b@example.com',
      subject: 'Guarded',
      text: 'hello',
    });
    expect(checked).toEqual(['127.0.0.1']);
    expect(sink.mails.at(-1)?.raw).toContain('Subject: Guarded');
    transport.close();
  });

  it('leaves connecting to nodemailer when private hosts are allowed', () => {
    expect(guardedSocket(true)).toBeNull();
  });
});
