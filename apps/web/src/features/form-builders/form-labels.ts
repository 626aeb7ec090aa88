import type { TFormOwnerType, TFormStatus, TFormStepType } from '@esigns/contracts/form-builders';

/** How forms' statuses, fillers and step types read on every staff screen. */

export const FORM_STATUS_LABELS: Record<TFormStatus, string> = {
  DRAFT: 'Draft',
  ACTIVE: 'Active',
  INACTIVE: 'Inactive',
};

export const FORM_STATUS_COLORS: Record<TFormStatus, string> = {
  DRAFT: 'gray',
  ACTIVE: 'teal',
  INACTIVE: 'orange',
};

export const FORM_OWNER_LABELS: Record<TFormOwnerType, string> = {
  COMPANY_USERS: 'Company users',
  CONTACTS: 'Contacts',
  ANYONE: 'Anyone with the link',
};

export const STEP_TYPE_LABELS: Record<TFormStepType, string> = {
  TEMPLATE: 'Form template',
  ENTITY: 'Entity record',
  DOCUMENT: 'Document to sign',
  STATIC: 'Static page',
};

export const optionsOf = <K extends string>(labels: Record<K, string>) =>
  (Object.entries(labels) as [K, string][]).map(([value, label]) => ({ value, label }));
