import type { FastifyInstance } from 'fastify';
import type { Platform } from '../../platform/platform';

/** Form builders (spec 3 §7): definitions, sharing, guest passcodes and anonymous links. */
export function registerFormBuilderRoutes(api: FastifyInstance, platform: Platform): void {
  void api;
  void platform;
}
