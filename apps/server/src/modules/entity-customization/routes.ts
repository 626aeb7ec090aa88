import type { FastifyInstance } from 'fastify';
import type { Platform } from '../../platform/platform';

export function registerEntityCustomizationRoutes(api: FastifyInstance, platform: Platform): void {
  void api;
  void platform;
}
