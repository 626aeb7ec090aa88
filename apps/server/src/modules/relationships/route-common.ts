import type { onRequestAsyncHookHandler } from 'fastify';
import { ZErrorBody } from '@esigns/contracts/envelope';
import { hasPermission, type PermissionSlug } from '@esigns/contracts/permissions';
import { AppError } from '../../platform/http/app-error';
import type { Platform } from '../../platform/platform';
import { accessOf, requirePermission } from '../permissions';

export const RELATIONSHIP_ERRORS = {
  401: ZErrorBody,
  403: ZErrorBody,
  404: ZErrorBody,
  409: ZErrorBody,
  422: ZErrorBody,
};

/** onRequest hooks: signed in and holding every one of `slugs` (403 naming the first missing one). */
export function requireAll(platform: Platform, slugs: PermissionSlug[]): onRequestAsyncHookHandler[] {
  return [
    ...requirePermission(platform),
    async (request) => {
      const missing = slugs.find((slug) => !hasPermission(accessOf(request), slug));
      if (missing) {
        throw new AppError('FORBIDDEN', { message: `You do not have permission to do this (${missing})` });
      }
    },
  ];
}
