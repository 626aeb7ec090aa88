import type { TUserDetails } from '@esigns/contracts/auth';
import { api } from '../../shared/api/api-client';
import type { FieldErrors } from '../../shared/api/api-error';

/** The form of personal information: every field as typed. */
export type TProfileForm = {
  first_name: string;
  last_name: string;
  title: string;
  phone: string;
  address: string;
};

const PHONE = /^\+?[0-9 ()-]{6,20}$/;
const MAX_LENGTH: Record<keyof TProfileForm, number> = {
  first_name: 100,
  last_name: 100,
  title: 100,
  phone: 20,
  address: 300,
};

/**
 * The rules of PATCH /user/update-profile (the server's own, repeated so that mistakes show
 * before the call): names required, at most 100/20/300 characters, a phone like +91 98765 43210.
 */
export function validateProfile(form: TProfileForm): FieldErrors {
  const errors: FieldErrors = {};
  for (const key of Object.keys(MAX_LENGTH) as (keyof TProfileForm)[]) {
    const value = form[key].trim();
    if ((key === 'first_name' || key === 'last_name') && !value) errors[key] = 'Required';
    else if (value.length > MAX_LENGTH[key]) errors[key] = `At most ${MAX_LENGTH[key]} characters`;
  }
  const phone = form.phone.trim();
  if (!errors.phone && phone && !PHONE.test(phone)) {
    errors.phone = 'Enter a phone number like +91 98765 43210';
  }
  return errors;
}

export type TProfileUpdate = {
  first_name: string;
  last_name: string;
  title: string | null;
  phone: string | null;
  address: string | null;
};

/** Empty optional fields are cleared (null) rather than saved as ''. */
export function toProfileUpdate(form: TProfileForm): TProfileUpdate {
  const optional = (value: string) => value.trim() || null;
  return {
    first_name: form.first_name.trim(),
    last_name: form.last_name.trim(),
    title: optional(form.title),
    phone: optional(form.phone),
    address: optional(form.address),
  };
}

export async function updateProfile(body: TProfileUpdate): Promise<TUserDetails> {
  return (await api.patch<TUserDetails>('/user/update-profile', body)).data;
}

/** Answers the new avatar's (signed, short-lived) URL. */
export async function updateAvatar(avatar: string): Promise<string> {
  return (await api.patch<{ avatar: string }>('/user/update-profile-picture', { avatar })).data.avatar;
}

export async function updatePassword(body: { current_password: string; new_password: string }) {
  await api.patch('/password/update', body);
}

/** Signature and initials: the two handwritten marks a user keeps. */
export type MarkKind = 'signature' | 'initial';

export async function fetchMark(kind: MarkKind): Promise<string | null> {
  if (kind === 'signature') return (await api.get<{ signature: string | null }>('/signature')).data.signature;
  return (await api.get<{ initial: string | null }>('/initials/user/me')).data.initial;
}

/** Saves a PNG data URL; answers the saved image's URL. */
export async function saveMark(kind: MarkKind, dataUrl: string): Promise<string> {
  if (kind === 'signature') {
    return (await api.patch<{ signature: string }>('/signature', { signature: dataUrl })).data.signature;
  }
  return (await api.post<{ initial: string }>('/initials/user/me', { initial: dataUrl })).data.initial;
}

export type TTotpSetup = { secret: string; otpauth_url: string; qr_data_url: string };
type RecoveryCodes = { recovery_codes: string[] };

export async function startTotpSetup(): Promise<TTotpSetup> {
  return (await api.post<TTotpSetup>('/mf2a/totp/setup')).data;
}

export async function enableTotp(code: string): Promise<string[]> {
  return (await api.post<RecoveryCodes>('/mf2a/totp/enable', { code })).data.recovery_codes;
}

export async function enableEmailCodes(current_password: string): Promise<string[]> {
  return (await api.post<RecoveryCodes>('/mf2a/email/enable', { current_password })).data.recovery_codes;
}

export async function regenerateRecoveryCodes(current_password: string): Promise<string[]> {
  return (await api.post<RecoveryCodes>('/mf2a/recovery-codes', { current_password })).data.recovery_codes;
}

export async function disableSecondFactor(current_password: string): Promise<void> {
  await api.post('/mf2a/disable', { current_password });
}

/** Ends the caller's membership of the current workspace and its sessions there. */
export async function leaveCurrentWorkspace(): Promise<void> {
  await api.post('/workspaces/leave');
}
