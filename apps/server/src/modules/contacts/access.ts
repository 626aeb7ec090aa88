import type { onRequestAsyncHookHandler } from 'fastify';
import { hasPermission, type PermissionSlug } from '@esigns/contracts/permissions';
import { AppError } from '../../platform/http/app-error';
import type { Platform } from '../../platform/platform';
import { accessOf, requirePermission } from '../permissions';

/**
 * onRequest hooks: signed in and holding at least one of `slugs` (403 otherwise). Contact types
 * and account names are read by everyone who may see contacts (a MEMBER picks a type in the
 * contact form without managing types), hence `contact-types:view` or `contacts:view`.
 */
export function requireAnyPermission(
  platform: Platform,
  slugs: PermissionSlug[],
): onRequestAsyncHookHandler[] {
  return [
    ...requirePermission(platform),
    async (request) => {
      const access = accessOf(request);
      if (!slugs.some((slug) => hasPermission(access, slug))) {
        throw new AppError('FORBIDDEN', {
          message: `You do not have permission to do this (${slugs.join(' or ')})`,
        });
      }
    },
  ];
}
