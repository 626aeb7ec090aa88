import type { PlanType, TSessionReply, UserType } from '@esigns/contracts/auth';
import type { TBranding } from '@esigns/contracts/branding-defaults';
import type { TBrandingOverride } from '@esigns/contracts/branding';
import type { TPaged } from '@esigns/contracts/envelope';
import { api } from '../../shared/api/api-client';

/**
 * The team calls of spec 1 §7 (company users, invitations, roles, user types, permissions and the
 * company profile), shaped like the server's route schemas. Each answers the envelope's `data`.
 */

// ---------------------------------------------------------------------------------------------
// Company users and invitations

export type CompanyUserStatus = 'ACTIVE' | 'INVITED' | 'DELETED';
/** The list filter: the default (no value) is ACTIVE and INVITED. */
export type CompanyUserStatusFilter = CompanyUserStatus | 'ALL';

export type TCompanyUser = {
  /** Membership id, or the invitation id for an INVITED row. */
  _id: string;
  /** Null for an invitation. */
  user_id: string | null;
  email: string;
  first_name: string;
  last_name: string;
  user_type: UserType;
  role_id: string | null;
  role_name: string | null;
  status: CompanyUserStatus;
  created_at: string;
  expires_at: string | null;
  is_expired: boolean;
};

export type CompanyUserQuery = {
  page: number;
  limit: number;
  search?: string;
  user_type?: UserType;
  status?: CompanyUserStatusFilter;
};

export type TInviteUserRequest = {
  email: string;
  user_type: UserType;
  role_id?: string | null;
  first_name?: string;
  last_name?: string;
};

export type TAddCompanyUserRequest = TInviteUserRequest;

export type TUpdateCompanyUserRequest = {
  /** The user id or the membership `_id`. */
  user_id: string;
  user_type?: UserType;
  role_id?: string | null;
};

export type TRemoval = { _id: string; status: 'DELETED' | 'REVOKED' | 'ERASED' };

export async function fetchCompanyUsers(query: CompanyUserQuery, signal?: AbortSignal) {
  const params = {
    page: query.page,
    limit: query.limit,
    search: query.search || undefined,
    user_type: query.user_type,
    status: query.status,
  };
  return (await api.get<TPaged<TCompanyUser>>('/user/companyUsers', params, { signal })).data;
}

export async function inviteCompanyUser(body: TInviteUserRequest): Promise<TCompanyUser> {
  return (await api.post<TCompanyUser>('/user/inviteUser', body)).data;
}

export async function resendInvitation(invitationId: string): Promise<TCompanyUser> {
  return (await api.post<TCompanyUser>('/resend/inviteMail', { invitation_id: invitationId })).data;
}

export async function addCompanyUser(body: TAddCompanyUserRequest): Promise<TCompanyUser> {
  return (await api.post<TCompanyUser>('/user/companyUsers', body)).data;
}

export async function updateCompanyUser(body: TUpdateCompanyUserRequest): Promise<TCompanyUser> {
  return (await api.put<TCompanyUser>('/user/companyUsers', body)).data;
}

/** Soft delete of a member, or withdrawal of an invitation. */
export async function deactivateCompanyUser(id: string): Promise<TRemoval> {
  return (await api.delete<TRemoval>(`/user/companyUsers/${encodeURIComponent(id)}`)).data;
}

export async function eraseCompanyUser(id: string): Promise<TRemoval> {
  return (await api.delete<TRemoval>(`/user/companyUsers/permanentDelete/${encodeURIComponent(id)}`)).data;
}

// ---------------------------------------------------------------------------------------------
// Accepting an invitation (public)

export type TInvitationPreview = {
  company_name: string;
  email: string;
  first_name: string;
  last_name: string;
  user_type: UserType;
  role_name: string | null;
  invited_by: string;
  expires_at: string;
  /** The email has a verified account: sign in, then accept with its Bearer. */
  user_exists: boolean;
};

export type TAcceptInvitationReply = TSessionReply & {
  status_code: 'NEW_USER' | 'EXISTED_USER_LOGIN_SUCCESS';
};

/** The accept screen's calls are guest calls: a 401 there is an answer, not an expired session. */
const GUEST = { skipAuthRefresh: true } as const;

export async function fetchInvitation(token: string, signal?: AbortSignal): Promise<TInvitationPreview> {
  return (await api.get<TInvitationPreview>('/getInviteUser', { token }, { ...GUEST, signal })).data;
}

/** A new account: names and password; the answer is a session in the company. */
export async function acceptInvitationAsNewUser(body: {
  token: string;
  first_name: string;
  last_name: string;
  password: string;
}): Promise<TAcceptInvitationReply> {
  return (await api.post<TAcceptInvitationReply>('/inviteUserSignup', body, GUEST)).data;
}

/**
 * An existing account: the token alone, with that account's Bearer. `accessToken` is given when
 * the account signed in on the accept screen itself (its session is not stored); without it the
 * stored session's token goes, as on every call.
 */
export async function acceptInvitationAsExistingUser(
  token: string,
  accessToken?: string,
): Promise<TAcceptInvitationReply> {
  const options = accessToken ? { ...GUEST, headers: { authorization: `Bearer ${accessToken}` } } : {};
  return (await api.post<TAcceptInvitationReply>('/inviteUserSignup', { token }, options)).data;
}

// ---------------------------------------------------------------------------------------------
// Roles

export type TRole = {
  _id: string;
  name: string;
  user_type: UserType;
  description: string;
  user_count: number;
  created_by: string | null;
  created_at: string;
  updated_at: string;
};

export type RoleQuery = { page: number; limit: number; search?: string; user_type?: UserType };

export type TRoleRequest = { name: string; user_type: UserType; description?: string };

export async function fetchRoles(query: RoleQuery, signal?: AbortSignal): Promise<TPaged<TRole>> {
  const params = { ...query, search: query.search || undefined };
  return (await api.get<TPaged<TRole>>('/roles', params, { signal })).data;
}

export async function fetchRole(id: string, signal?: AbortSignal): Promise<TRole> {
  return (await api.get<TRole>(`/role/${encodeURIComponent(id)}`, undefined, { signal })).data;
}

export async function createRole(body: TRoleRequest): Promise<TRole> {
  return (await api.post<TRole>('/createRole', body)).data;
}

export async function updateRole(id: string, body: Partial<TRoleRequest>): Promise<TRole> {
  return (await api.patch<TRole>(`/updateRole/${encodeURIComponent(id)}`, body)).data;
}

export async function deleteRole(id: string): Promise<{ _id: string }> {
  return (await api.delete<{ _id: string }>(`/deleteRole/${encodeURIComponent(id)}`)).data;
}

// ---------------------------------------------------------------------------------------------
// Permissions and user types

export type TUserTypeView = {
  _id: string;
  user_type: UserType;
  label: string;
  permissions: string[];
  user_count: number;
  updated_at: string;
};

export async function fetchUserTypes(companyId: string, signal?: AbortSignal): Promise<TUserTypeView[]> {
  const { data } = await api.get<TUserTypeView[]>(
    `/userTypeList/${encodeURIComponent(companyId)}`,
    { isMenu: false },
    { signal },
  );
  return Array.isArray(data) ? data : [];
}

export async function saveUserTypePermissions(id: string, permissions: string[]): Promise<TUserTypeView> {
  return (await api.patch<TUserTypeView>(`/permissions/${encodeURIComponent(id)}`, { permissions })).data;
}

// ---------------------------------------------------------------------------------------------
// Company profile

export type TCompanyProfile = {
  _id: string;
  name: string;
  slug: string;
  plan_type: PlanType;
  is_active: boolean;
  logo_url: string | null;
  branding: TBranding;
  /** Derived by the server: text on the brand colours and the mail link colour (`/branding`). */
  readable_colors?: { on_primary: string; on_secondary: string; mail_link: string };
};

export type TCompanyUpdateRequest = {
  name?: string;
  slug?: string;
  branding?: TBrandingOverride;
};

export async function fetchCompanyProfile(id: string, signal?: AbortSignal): Promise<TCompanyProfile> {
  return (await api.get<TCompanyProfile>(`/company/${encodeURIComponent(id)}`, undefined, { signal })).data;
}

export async function updateCompanyProfile(body: TCompanyUpdateRequest): Promise<TCompanyProfile> {
  return (await api.patch<TCompanyProfile>('/company', body)).data;
}

export async function checkCompanyName(name: string, signal?: AbortSignal): Promise<boolean> {
  const { data } = await api.post<{ available: boolean }>('/company-name-status', { name }, { signal });
  return data.available;
}

/** `logo`: a PNG, JPEG or WebP data URL of at most 1 MB. */
export async function uploadCompanyLogo(logo: string): Promise<string> {
  return (await api.post<{ logo_url: string }>('/company/logo', { logo })).data.logo_url;
}
