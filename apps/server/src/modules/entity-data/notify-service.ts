import type { UserType } from '@esigns/contracts/auth';
import {
  MAX_NOTIFICATION_RECIPIENTS,
  type TEntityNotificationRequest,
  type TNotificationResult,
} from '@esigns/contracts/entity-actions';
import type { TValidationDetail } from '@esigns/contracts/envelope';
import {
  DEFAULT_PERMISSIONS,
  effectivePermissions,
  hasPermission,
  type PermissionSlug,
} from '@esigns/contracts/permissions';
import { validationError } from '../../platform/http/app-error';
import { escapeHtml } from '../../platform/mail/mail-layout';
import type { Platform } from '../../platform/platform';
import { findActiveMembers } from '../company-users';
import { loadSenderInfo } from '../documents';
import type { EntityDefinition } from '../entities';
import { notifyUsers } from '../notifications';
import { type AccessContext, listUserTypes } from '../permissions';
import type { RecordRow } from './service';

/*
 * Notifications about an entity or some of its records (`/entities/send-notification`,
 * `/entities-data/send-notification`): an in-app notification to each chosen workspace user who
 * can open them, and optionally a mail, in one transaction (the push and the mails leave after it
 * commits). The sender is never notified of their own message.
 */

type Recipient = { userId: string; email: string; firstName: string; userType: UserType; canOpen: boolean };

/** Active members named by id or user type, with whether they can open what is shared. */
async function findRecipients(
  platform: Platform,
  access: AccessContext,
  input: Pick<TEntityNotificationRequest, 'user_ids' | 'user_types'>,
  needs: PermissionSlug,
): Promise<Recipient[]> {
  const db = platform.database.db;
  const rows = await findActiveMembers(
    db,
    access.companyId,
    { userIds: input.user_ids, userTypes: input.user_types },
    MAX_NOTIFICATION_RECIPIENTS + 1,
  );
  const found = new Set(rows.map((r) => r.userId));
  const unknown: TValidationDetail[] = input.user_ids.flatMap((id, i) =>
    found.has(id)
      ? []
      : [{ key: `user_ids.${i}`, path: ['user_ids', i], message: 'Not a user of this workspace' }],
  );
  if (unknown.length > 0) throw validationError(unknown, unknown[0]!.message);
  if (rows.length > MAX_NOTIFICATION_RECIPIENTS) {
    const message = `At most ${MAX_NOTIFICATION_RECIPIENTS} people at once: choose fewer user types`;
    throw validationError([{ key: 'user_types', path: ['user_types'], message }], message);
  }
  // Whether each user type may open what is shared: its stored set, as the access hook reads it.
  const stored = new Map(
    (await listUserTypes(db, access, access.companyId, { isMenu: false })).map((v) => [
      v.user_type,
      v.permissions,
    ]),
  );
  const canOpen = (userType: UserType): boolean => {
    const permissions = effectivePermissions({
      planType: access.planType,
      userType,
      userTypePermissions: stored.get(userType) ?? DEFAULT_PERMISSIONS[userType],
    });
    return hasPermission({ planType: access.planType, userType, permissions }, needs);
  };
  return rows.filter((r) => r.userId !== access.userId).map((r) => ({ ...r, canOpen: canOpen(r.userType) }));
}

/** What is shared: the entity alone, or some of its records. */
export type NotificationSubject = { def: EntityDefinition; records: RecordRow[] | null };

const MAX_LISTED = 10;

function describe(subject: NotificationSubject, senderName: string) {
  const { def, records } = subject;
  const entityId = encodeURIComponent(def.row.id);
  if (!records) {
    return {
      event: 'entity.shared',
      title: `${senderName} shared ${def.row.name} with you`,
      link: `/entity/${entityId}`,
      titles: [] as string[],
    };
  }
  const titles = records.map((r) => r.title || 'Untitled record');
  const one = records.length === 1 ? records[0] : null;
  return {
    event: 'entity-data.shared',
    title: one
      ? `${senderName} shared ${titles[0]} (${def.row.name}) with you`
      : `${senderName} shared ${records.length} ${def.row.name} records with you`,
    link: one ? `/entity/${entityId}/view?dataId=${encodeURIComponent(one.id)}` : `/entity/${entityId}`,
    titles,
  };
}

/**
 * Notifies the chosen users about an entity or some of its records. Unknown users (not active
 * members of the workspace) answer 422 `user_ids.N`; users who cannot open what is shared are
 * skipped (counted); nobody left answers 422 `user_ids`.
 */
export async function sendRecordNotification(
  platform: Platform,
  access: AccessContext,
  subject: NotificationSubject,
  input: Pick<TEntityNotificationRequest, 'user_ids' | 'user_types' | 'title' | 'message' | 'send_email'>,
): Promise<TNotificationResult> {
  const recipients = await findRecipients(platform, access, input, 'entity-data:view');
  const reached = recipients.filter((r) => r.canOpen);
  if (reached.length === 0) {
    const message =
      recipients.length === 0
        ? 'Choose someone other than yourself'
        : 'None of the chosen users can open these records';
    throw validationError([{ key: 'user_ids', path: ['user_ids'], message }], message);
  }
  const sender = await loadSenderInfo(platform.database.db, access.companyId, access.userId);
  const about = describe(subject, sender.name);
  const title = input.title || about.title;
  const listed = about.titles.slice(0, MAX_LISTED);
  const more = about.titles.length - listed.length;
  const body = [
    input.message,
    ...listed.map((t) => `• ${t}`),
    ...(more > 0 ? [`and ${more} more`] : []),
  ].join('\n');
  return platform.database.db.transaction(async (tx) => {
    const ids = await notifyUsers(platform, tx, {
      companyId: access.companyId,
      userIds: reached.map((r) => r.userId),
      type: 'ENTITY',
      event: about.event,
      title,
      body,
      link: about.link,
      data: {
        entity_id: subject.def.row.id,
        entity_data_ids: subject.records?.map((r) => r.id) ?? [],
        sender_id: access.userId,
      },
      choice: null,
    });
    let emailed = 0;
    if (input.send_email) {
      const e = escapeHtml;
      const list = listed.length
        ? `<ul>${listed.map((t) => `<li>${e(t)}</li>`).join('')}${more > 0 ? `<li>and ${more} more</li>` : ''}</ul>`
        : '';
      for (const r of reached) {
        await platform.mail.queue(
          {
            to: r.email,
            subject: title,
            kind: about.event,
            branding: sender.branding,
            heading: title,
            bodyHtml:
              `<p>Hi ${e(r.firstName)},</p><p style="white-space:pre-line;">${e(input.message)}</p>${list}` +
              `<p>${e(sender.name)} (${e(sender.email)}), ${e(sender.companyName)}</p>`,
            button: { label: 'Open', url: `${platform.config.publicUrl}${about.link}` },
          },
          { tx, companyId: access.companyId },
        );
        emailed += 1;
      }
    }
    return { notified: ids.length, emailed, skipped: recipients.length - reached.length };
  });
}
