// PLACEHOLDER: replaced by the outbox implementation.
import type { FastifyInstance } from 'fastify';
import type { Platform } from '../../platform/platform';
export function registerOutboxRoutes(_api: FastifyInstance, _platform: Platform): void {}
