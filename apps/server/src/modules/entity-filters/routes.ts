import type { FastifyInstance } from 'fastify';
import type { Platform } from '../../platform/platform';

export function registerEntityFilterRoutes(api: FastifyInstance, platform: Platform): void {
  void api;
  void platform;
}
