// PLACEHOLDER: replaced by the storage implementation.
import type { FastifyInstance } from 'fastify';
import type { Platform } from '../platform';
export function registerStorageRoutes(_api: FastifyInstance, _platform: Platform): void {}
