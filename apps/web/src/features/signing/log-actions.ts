import {
  IconAlertTriangle,
  IconCheck,
  IconCircleCheck,
  IconCircleX,
  IconDownload,
  IconEdit,
  IconEye,
  IconFileCheck,
  IconKey,
  IconLink,
  IconLock,
  IconMail,
  IconMailForward,
  IconPencil,
  IconRefresh,
  IconSend,
  IconShieldCheck,
  IconShieldX,
  IconSignature,
  IconThumbUp,
  IconFileText,
  IconPoint,
  type Icon,
} from '@tabler/icons-react';

/** How each audit-trail action reads in a timeline, with its icon and colour. */
type ActionLook = { label: string; icon: Icon; color: string };

const ACTIONS: Record<string, ActionLook> = {
  'document.sent': { label: 'Sent', icon: IconSend, color: 'blue' },
  'document.updated': { label: 'Document updated', icon: IconEdit, color: 'gray' },
  'document.requested': { label: 'Documents requested', icon: IconMailForward, color: 'blue' },
  'recipient.notified': { label: 'Recipient emailed', icon: IconMail, color: 'blue' },
  'recipient.updated': { label: 'Recipient updated', icon: IconEdit, color: 'gray' },
  'recipient.viewed': { label: 'Viewed', icon: IconEye, color: 'cyan' },
  'recipient.opened': { label: 'Opened through the link', icon: IconEye, color: 'cyan' },
  'recipient.code_sent': { label: 'Verification code sent', icon: IconMail, color: 'gray' },
  'recipient.link_requested': { label: 'New link asked for (expired link)', icon: IconMail, color: 'orange' },
  'recipient.code_verified': { label: 'Email verified', icon: IconShieldCheck, color: 'teal' },
  'recipient.code_failed': { label: 'Wrong verification code', icon: IconShieldX, color: 'orange' },
  'recipient.code_locked': { label: 'Verification code locked', icon: IconLock, color: 'red' },
  'recipient.password_verified': { label: 'Representative password accepted', icon: IconKey, color: 'teal' },
  'recipient.password_failed': { label: 'Wrong representative password', icon: IconShieldX, color: 'orange' },
  'recipient.password_locked': { label: 'Representative password locked', icon: IconLock, color: 'red' },
  'recipient.fields_saved': { label: 'Fields filled in', icon: IconPencil, color: 'gray' },
  'recipient.terms_accepted': { label: 'Terms accepted', icon: IconFileText, color: 'teal' },
  'recipient.signed': { label: 'Signed', icon: IconSignature, color: 'green' },
  'recipient.approved': { label: 'Approved', icon: IconThumbUp, color: 'green' },
  // Through a link the sender generated and handed over: the sender hosted the signing.
  'recipient.signed_in_person': { label: 'Signed in person', icon: IconSignature, color: 'green' },
  'recipient.approved_in_person': { label: 'Approved in person', icon: IconThumbUp, color: 'green' },
  'recipient.link_generated': {
    label: 'Signing link generated for the sender',
    icon: IconLink,
    color: 'gray',
  },
  'recipient.resent': { label: 'Sent again', icon: IconMailForward, color: 'blue' },
  'recipient.reminded': { label: 'Reminder emailed', icon: IconMail, color: 'blue' },
  'recipient.declined': { label: 'Declined', icon: IconCircleX, color: 'red' },
  'recipient.rejected': { label: 'Rejected', icon: IconCircleX, color: 'red' },
  'document.declined': { label: 'Document declined', icon: IconCircleX, color: 'red' },
  'document.rejected': { label: 'Document rejected', icon: IconCircleX, color: 'red' },
  'document.all_finished': { label: 'Everyone finished', icon: IconCheck, color: 'green' },
  'document.seal_failed': { label: 'Sealing failed', icon: IconAlertTriangle, color: 'red' },
  'recipient.sign_again_requested': { label: 'Asked to sign again', icon: IconSignature, color: 'orange' },
  'document.seal_requeued': { label: 'Sealing started again', icon: IconRefresh, color: 'orange' },
  'document.completed': { label: 'Completed and sealed', icon: IconCircleCheck, color: 'green' },
  'document.archive_timestamp_renewed': {
    label: 'Archive timestamp renewed',
    icon: IconRefresh,
    color: 'teal',
  },
  'document.downloaded': { label: 'Downloaded', icon: IconDownload, color: 'gray' },
  'document.completed_copy_sent': { label: 'Completed copy emailed', icon: IconFileCheck, color: 'blue' },
};

/** "recipient.code_sent" -> "Code sent" for actions this list does not know yet. */
function fallbackLabel(action: string): string {
  const last = action.split('.').pop() ?? action;
  const words = last.replace(/_/g, ' ');
  return words.charAt(0).toUpperCase() + words.slice(1);
}

export function actionLook(action: string): ActionLook {
  return ACTIONS[action] ?? { label: fallbackLabel(action), icon: IconPoint, color: 'gray' };
}

export const actionLabel = (action: string): string => actionLook(action).label;
