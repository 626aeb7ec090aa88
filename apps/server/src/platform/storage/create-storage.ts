// PLACEHOLDER: replaced by the storage implementation.
import type { FastifyBaseLogger } from 'fastify';
import type { AppConfig } from '../config/config';
import type { Storage } from './storage';
export function createStorage(_config: AppConfig, _log: FastifyBaseLogger): Storage {
  return { kind: 'local', isHealthy: async () => true } as unknown as Storage;
}
