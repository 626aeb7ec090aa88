import type { Server as HttpServer } from 'node:http';
import { createAdapter } from '@socket.io/redis-adapter';
import type { FastifyBaseLogger } from 'fastify';
import { Redis } from 'ioredis';
import { Server, type Socket } from 'socket.io';
import { WORKSPACE_HEADER } from '@esigns/contracts/headers';
import { bearerToken, verifyAccessToken, type AccessClaims } from '../auth/access-token';

export type RealtimeOptions = {
  jwtSecret: string;
  redisUrl: string | undefined;
  log: FastifyBaseLogger;
  /** CORS origins allowed to open a socket (the app is same-origin; dev servers differ). */
  corsOrigins?: string[];
};

export const workspaceRoom = (companyId: string): string => `workspace:${companyId}`;
export const userRoom = (userId: string): string => `user:${userId}`;

/**
 * socket.io for live updates. A client authenticates with its access token (handshake
 * `auth.token` or `Authorization`) and joins its workspace room (the `workspaceid` header
 * must match the token's workspace) and its user room. With REDIS_URL, events cross API
 * nodes and worker processes through the Redis adapter.
 */
export class Realtime {
  readonly io: Server;
  private readonly redis: Redis[] = [];
  private readonly log: FastifyBaseLogger;

  constructor(private readonly options: RealtimeOptions) {
    this.log = options.log.child({ component: 'realtime' });
    this.io = new Server({
      path: '/socket.io',
      serveClient: false,
      cors: options.corsOrigins ? { origin: options.corsOrigins, credentials: true } : undefined,
    });
    if (options.redisUrl) {
      const pub = new Redis(options.redisUrl, { lazyConnect: false, maxRetriesPerRequest: 2 });
      const sub = pub.duplicate();
      for (const client of [pub, sub]) {
        client.on('error', (err) => this.log.warn({ err }, 'redis error'));
        this.redis.push(client);
      }
      this.io.adapter(createAdapter(pub, sub));
    }
    this.io.use((socket, next) => {
      void this.authenticate(socket).then(
        (claims) => {
          if (!claims) return next(new Error('unauthorized'));
          socket.data.claims = claims;
          next();
        },
        (err: unknown) => next(err instanceof Error ? err : new Error('unauthorized')),
      );
    });
    this.io.on('connection', (socket) => {
      const claims = socket.data.claims as AccessClaims;
      void socket.join([workspaceRoom(claims.companyId), userRoom(claims.userId)]);
      socket.emit('ready', { workspace_id: claims.companyId, user_id: claims.userId });
    });
  }

  private async authenticate(socket: Socket): Promise<AccessClaims | null> {
    const auth = socket.handshake.auth as { token?: unknown } | undefined;
    const token =
      (typeof auth?.token === 'string' ? auth.token : undefined) ??
      bearerToken(socket.handshake.headers.authorization);
    if (!token) return null;
    const claims = await verifyAccessToken(token, this.options.jwtSecret);
    if (!claims) return null;
    const workspace = socket.handshake.headers[WORKSPACE_HEADER];
    if (typeof workspace === 'string' && workspace !== '' && workspace !== claims.companyId) return null;
    return claims;
  }

  attach(server: HttpServer): void {
    this.io.attach(server);
  }

  emitToWorkspace(companyId: string, event: string, payload: unknown): void {
    this.io.to(workspaceRoom(companyId)).emit(event, payload);
  }

  emitToUser(userId: string, event: string, payload: unknown): void {
    this.io.to(userRoom(userId)).emit(event, payload);
  }

  async isHealthy(): Promise<boolean> {
    return this.redis.every((r) => r.status === 'ready');
  }

  /** Drops this node's connections (before the HTTP server closes, so it need not wait). */
  disconnectLocal(): void {
    this.io.local.disconnectSockets(true);
    this.io.engine?.close();
  }

  async close(): Promise<void> {
    this.disconnectLocal();
    await Promise.allSettled([...this.io._nsps.values()].map((nsp) => nsp.adapter.close()));
    await Promise.all(this.redis.map((r) => r.quit().catch(() => r.disconnect())));
  }
}
