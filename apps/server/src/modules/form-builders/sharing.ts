import type { FastifyRequest } from 'fastify';
import type {
  TFormBuilderUrl,
  TFormReminderSettings,
  TGuestSession,
  TPublicFormBuilder,
} from '@esigns/contracts/form-builders';
import type { Db } from '../../platform/db/database';
import { AppError } from '../../platform/http/app-error';
import type { AccessContext } from '../permissions';
import { assertGuestsWelcome, needsPasscode } from './guest-access';
import { readGuest } from './guest-session';
import { countSubmissions } from './hooks';
import { companyFaceOf } from './mails';
import { openGuestSession } from './passcodes';
import { publicStepsOf } from './public-steps';
import {
  findFormBuilder,
  findPublicForm,
  findReadableForm,
  formAvailability,
  type FormBuilderRow,
} from './service';

/*
 * Sharing a form: its public link, what a guest sees before filling, and the anonymous session of
 * a form without secure access.
 */

/** The public link of a form: `{PUBLIC_URL}/public/fbd/{code}`. */
export const publicFormUrl = (publicUrl: string, form: Pick<FormBuilderRow, 'code'>): string =>
  `${publicUrl}/public/fbd/${encodeURIComponent(form.code)}`;

/** `POST formBuilders-url`: the link of an ACTIVE form (409 for a DRAFT or INACTIVE one). */
export async function formBuilderUrl(
  db: Db,
  publicUrl: string,
  access: AccessContext,
  id: string,
): Promise<TFormBuilderUrl> {
  const form = await findFormBuilder(db, access.companyId, id);
  if (form.status !== 'ACTIVE') {
    throw new AppError('CONFLICT', {
      message: `${form.name} is ${form.status === 'DRAFT' ? 'a draft' : 'inactive'}: make it active to share its link`,
    });
  }
  return { url: publicFormUrl(publicUrl, form), code: form.code };
}

/** `GET formBuilders/{id}/reminder-settings`. */
export async function reminderSettingsOf(
  db: Db,
  access: AccessContext,
  id: string,
): Promise<TFormReminderSettings> {
  return (await findReadableForm(db, access, id)).settings.reminders;
}

/**
 * `GET formBuilders/{id}/public`: what a guest sees of an ACTIVE or INACTIVE form (DRAFT, deleted,
 * unknown: 404), with `auth_user` when the request's guest headers prove a guest of this form
 * (a wrong secret, or a guest of another form: 401).
 */
export async function publicFormOf(
  db: Db,
  idOrCode: string,
  request: FastifyRequest,
): Promise<TPublicFormBuilder> {
  const form = await findPublicForm(db, idOrCode);
  const guest = await readGuest(db, request);
  if (guest && guest.formBuilderId !== form.id) {
    throw new AppError('UNAUTHORIZED', {
      message: 'Your form session is for another form: open this form link again',
    });
  }
  const [counts, company, steps] = await Promise.all([
    countSubmissions(db, [form.id]),
    companyFaceOf(db, form.companyId),
    publicStepsOf(db, form.companyId, form.steps),
  ]);
  const submitted = counts.get(form.id) ?? 0;
  return {
    _id: form.id,
    name: form.name,
    code: form.code,
    description: form.description,
    owner_type: form.ownerType,
    secure_access: needsPasscode(form),
    availability: formAvailability(form, submitted, new Date()),
    steps,
    thank_you_message: form.settings.thank_you_message,
    total_submissions_count: submitted,
    company: { name: company.name, logo_url: company.logoUrl },
    auth_user: guest ? { _id: guest.guestId, email: guest.email, kind: guest.kind } : null,
  };
}

/**
 * `POST formbuilder-url/create`: an anonymous guest of an OPEN form for anyone without secure
 * access (409 otherwise: such forms need the mailed code).
 */
export async function createAnonymousSession(db: Db, id: string): Promise<TGuestSession> {
  const form = await findPublicForm(db, id);
  await assertGuestsWelcome(db, form);
  if (needsPasscode(form)) {
    throw new AppError('CONFLICT', {
      message: 'This form needs your email confirmed with a code: ask for one',
      errorCode: 'SECURE_ACCESS',
    });
  }
  return openGuestSession(db, form, { kind: 'ANONYMOUS', email: null, contactId: null });
}
