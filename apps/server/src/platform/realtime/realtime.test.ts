import { spawn, type ChildProcess } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { io as connect, type Socket } from 'socket.io-client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../../test/test-app';
import { serverProcessArgs } from '../../../test/test-workers';
import { signAccessToken } from '../auth/access-token';

const REDIS_URL = process.env.REDIS_URL ?? 'redis://127.0.0.1:6379';
const JWT_SECRET = `test-${randomUUID()}`;

let a: TestApp;
let urlA: string;
const sockets: Socket[] = [];

beforeAll(async () => {
  a = await buildTestApp({ REDIS_URL, JWT_SECRET });
  urlA = await a.app.listen({ port: 0, host: '127.0.0.1' });
});

afterAll(async () => {
  for (const s of sockets) s.disconnect();
  await a.close();
});

async function token(userId: string, companyId: string): Promise<string> {
  return (await signAccessToken({ userId, companyId, userType: 'OWNER' }, JWT_SECRET)).token;
}

function open(url: string, options: { token?: string; workspace?: string }): Socket {
  const socket = connect(url, {
    path: '/socket.io',
    transports: ['websocket'],
    reconnection: false,
    ...(options.token ? { auth: { token: options.token } } : {}),
    ...(options.workspace ? { extraHeaders: { workspaceid: options.workspace } } : {}),
  });
  sockets.push(socket);
  return socket;
}

function ready(socket: Socket): Promise<{ workspace_id: string }> {
  return new Promise((resolve, reject) => {
    socket.once('ready', resolve);
    socket.once('connect_error', reject);
  });
}

function next<T>(socket: Socket, event: string): Promise<T> {
  return new Promise((resolve) => socket.once(event, resolve));
}

describe('realtime on one API node', () => {
  it('refuses a connection without a token', async () => {
    const socket = open(urlA, {});
    const err = await new Promise<Error>((resolve) => socket.once('connect_error', resolve));
    expect(err.message).toBe('unauthorized');
  });

  it('refuses a forged token', async () => {
    const forged = (await signAccessToken({ userId: 'u', companyId: 'c', userType: 'OWNER' }, 'other')).token;
    const socket = open(urlA, { token: forged });
    const err = await new Promise<Error>((resolve) => socket.once('connect_error', resolve));
    expect(err.message).toBe('unauthorized');
  });

  it('refuses a workspace header that is not the token workspace', async () => {
    const socket = open(urlA, { token: await token(randomUUID(), randomUUID()), workspace: randomUUID() });
    const err = await new Promise<Error>((resolve) => socket.once('connect_error', resolve));
    expect(err.message).toBe('unauthorized');
  });

  it('delivers workspace events to that workspace only, and user events to that user', async () => {
    const companyId = randomUUID();
    const userId = randomUUID();
    const otherUserId = randomUUID();
    const mine = open(urlA, { token: await token(userId, companyId), workspace: companyId });
    const other = open(urlA, { token: await token(otherUserId, randomUUID()) });
    expect((await ready(mine)).workspace_id).toBe(companyId);
    await ready(other);

    let otherGotIt = false;
    other.on('document.sent', () => {
      otherGotIt = true;
    });
    const received = next<{ id: string }>(mine, 'document.sent');
    a.platform.realtime.emitToWorkspace(companyId, 'document.sent', { id: 'd1' });
    expect(await received).toEqual({ id: 'd1' });

    const personal = next<{ n: number }>(mine, 'notification.created');
    a.platform.realtime.emitToUser(userId, 'notification.created', { n: 1 });
    expect(await personal).toEqual({ n: 1 });

    // Events on one connection arrive in order: once the probe is in, anything sent to the
    // other client before it would have arrived too.
    const probe = next<{ ok: boolean }>(other, 'probe');
    a.platform.realtime.emitToUser(otherUserId, 'probe', { ok: true });
    expect(await probe).toEqual({ ok: true });
    expect(otherGotIt).toBe(false);
  });
});

describe('realtime across API processes through Redis', () => {
  let child: ChildProcess | undefined;
  let dataDir: string;

  afterAll(async () => {
    if (child && child.exitCode === null) child.kill('SIGKILL');
    rmSync(dataDir, { recursive: true, force: true });
  });

  it('an event emitted by this process reaches a client connected to another process', async () => {
    dataDir = mkdtempSync(path.join(os.tmpdir(), 'esigns-node-b-'));
    const port = await freePort();
    child = spawn(process.execPath, await serverProcessArgs('main'), {
      env: {
        PATH: process.env.PATH,
        PORT: String(port),
        HOST: '127.0.0.1',
        DATA_DIR: dataDir,
        REDIS_URL,
        JWT_SECRET,
        LOG_LEVEL: 'warn',
        NODE_ENV: 'test',
      },
      stdio: ['ignore', 'inherit', 'inherit'],
    });
    const urlB = `http://127.0.0.1:${port}`;
    await waitForHealth(urlB, child);

    const companyId = randomUUID();
    const client = open(urlB, { token: await token(randomUUID(), companyId), workspace: companyId });
    await ready(client);
    // The adapter subscribes asynchronously: retry the emit until it lands (bounded).
    const received = next<{ from: string }>(client, 'document.completed');
    const timer = setInterval(
      () => a.platform.realtime.emitToWorkspace(companyId, 'document.completed', { from: 'A' }),
      200,
    );
    try {
      expect(await received).toEqual({ from: 'A' });
    } finally {
      clearInterval(timer);
    }
  }, 300_000);

  it('the other process shuts down cleanly on SIGTERM while a client is connected', async () => {
    expect(child?.exitCode).toBeNull();
    const exited = new Promise<number | null>((resolve) => child!.once('exit', (code) => resolve(code)));
    child!.kill('SIGTERM');
    expect(await exited).toBe(0);
  }, 30_000);
});

async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      const port = typeof address === 'object' && address ? address.port : 0;
      server.close(() => resolve(port));
    });
  });
}

/**
 * Waits until the second process answers healthy. A guard against a hang, not a timing: a fresh
 * process migrates its own embedded database first, which takes half a minute or more on a
 * loaded 2-core machine.
 */
async function waitForHealth(url: string, child: ChildProcess): Promise<void> {
  const deadline = Date.now() + 180_000;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`second API process exited with ${child.exitCode}`);
    try {
      const res = await fetch(`${url}/api/health`);
      if (res.ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 250));
  }
  throw new Error('second API process did not become healthy');
}
