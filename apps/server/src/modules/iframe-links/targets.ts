import { DOCUMENT_LIST_FILTERS, type TDocumentListFilter } from '@esigns/contracts/documents';
import { isUuid } from '@esigns/contracts/ids';
import type { TIframeLinkKind } from '@esigns/contracts/iframe-links';
import type { PermissionSlug } from '@esigns/contracts/permissions';
import type { Db } from '../../platform/db/database';
import { AppError, unlessAppError, validationError } from '../../platform/http/app-error';
import { findFormBuilder, type FormBuilderRow } from '../form-builders';
import { viewExportSections } from '../entity-views';
import type { AccessContext } from '../permissions';

/*
 * What a link may show, checked through the owning modules' public functions: a form of the
 * company that guests may fill (not a DRAFT, owner type ANYONE), an entity view of the company, or
 * one of the documents lists. The caller (at create / re-point) and the creator (each time the
 * link is read) must hold the permissions of the kind.
 */

/** Permissions a link's kind needs of its creator. */
export const KIND_PERMISSIONS: Record<TIframeLinkKind, readonly PermissionSlug[]> = {
  FORM: ['form-builders:publish'],
  ENTITY_VIEW: ['entity-views:view', 'entity-data:view'],
  DOCUMENT_LIST: ['documents:view'],
};

const LIST_NAMES: Record<TDocumentListFilter, string> = {
  'all-documents': 'All documents',
  draft: 'Drafts',
  'waiting-for-me': 'Waiting for me',
  'waiting-for-others': 'Waiting for others',
  completed: 'Completed documents',
  declined: 'Declined documents',
  rejected: 'Rejected documents',
  voided: 'Voided documents',
  expired: 'Expired documents',
  archived: 'Archived documents',
};

export const isListFilter = (value: string): value is TDocumentListFilter =>
  (DOCUMENT_LIST_FILTERS as readonly string[]).includes(value);

const badTarget = (message: string) =>
  validationError([{ key: 'target_id', path: ['target_id'], message }], message);

/** 403 unless `access` holds every permission the kind needs. */
export function requireKindPermissions(access: AccessContext, kind: TIframeLinkKind): void {
  const missing = KIND_PERMISSIONS[kind].filter((slug) => !access.permissions.has(slug));
  if (missing.length > 0) {
    throw new AppError('FORBIDDEN', {
      message: `You do not have permission to do this (${missing.join(', ')})`,
    });
  }
}

/** A form guests may fill through the public form flow, or why not (for a link's creator). */
export function formProblem(form: FormBuilderRow): string | null {
  if (form.status === 'DRAFT') return 'This form is a draft: publish it first';
  if (form.ownerType !== 'ANYONE') return 'Only forms anyone may fill can be embedded';
  return null;
}

/**
 * The target's name, checked to be the company's: 422 keyed `target_id` for another company's,
 * an unknown or an unsuitable target (never telling which company owns an id).
 */
export async function checkTarget(
  db: Db,
  companyId: string,
  kind: TIframeLinkKind,
  targetId: string,
): Promise<{ targetId: string; targetName: string }> {
  switch (kind) {
    case 'FORM': {
      const form = isUuid(targetId) ? await unlessAppError(findFormBuilder(db, companyId, targetId)) : null;
      if (!form) throw badTarget('Not a form of this company');
      const problem = formProblem(form);
      if (problem) throw badTarget(problem);
      return { targetId: form.id, targetName: form.name };
    }
    case 'ENTITY_VIEW': {
      const view = isUuid(targetId)
        ? await unlessAppError(viewExportSections(db, companyId, targetId, {}), ['NOT_FOUND'])
        : null;
      if (!view) throw badTarget('Not an entity view of this company');
      return { targetId: targetId.toLowerCase(), targetName: view.name };
    }
    case 'DOCUMENT_LIST': {
      if (!isListFilter(targetId)) throw badTarget(`Use one of ${DOCUMENT_LIST_FILTERS.join(', ')}`);
      return { targetId, targetName: LIST_NAMES[targetId] };
    }
  }
}
