import { USER_TYPES, type UserType } from '@esigns/contracts/auth';
import { ROW_ROLE_ACCESS } from '@esigns/contracts/permissions';
import { formatFullName } from '../../shared/format/name';
import type { CompanyUserStatus, TCompanyUser } from './team-api';

export const USER_TYPE_LABELS: Record<UserType, string> = {
  OWNER: 'Owner',
  ADMIN: 'Admin',
  MANAGER: 'Manager',
  MEMBER: 'Member',
};

export const USER_TYPE_COLORS: Record<UserType, string> = {
  OWNER: 'grape',
  ADMIN: 'blue',
  MANAGER: 'teal',
  MEMBER: 'gray',
};

export const STATUS_LABELS: Record<CompanyUserStatus, string> = {
  ACTIVE: 'Active',
  INVITED: 'Invited',
  DELETED: 'Removed',
};

/** `{ value, label }` options of every user type, in rank order. */
export const USER_TYPE_OPTIONS = USER_TYPES.map((type) => ({ value: type, label: USER_TYPE_LABELS[type] }));

/**
 * The user types a caller may give (spec 1 §6 per-row rule): an OWNER any, an ADMIN all but OWNER,
 * a MANAGER MANAGER and MEMBER, a MEMBER only MEMBER.
 */
export function assignableUserTypes(callerType: UserType | null): UserType[] {
  return callerType ? [...ROW_ROLE_ACCESS[callerType]] : [];
}

/** 'Ada Lovelace', or the email for an invitation without names. */
export function companyUserName(row: Pick<TCompanyUser, 'first_name' | 'last_name' | 'email'>): string {
  return formatFullName(row) || row.email;
}
