import { z } from 'zod';
import { ZPageQuery } from './envelope';
import { ZId } from './ids';

/*
 * WhatsApp (`/configuration/Whatsapp`, `/configuration/WhatsappList`): a company's WhatsApp
 * Business accounts on Meta's Cloud API, the message templates synced from them, which template
 * carries which of our messages (purposes), contacts' opt-in and the message log. The server
 * module is apps/server/src/modules/whatsapp (its README says what the operator needs from Meta).
 */

/** What we send over WhatsApp, beside the mail that carries the same link. */
export const WHATSAPP_PURPOSES = ['SIGNING_LINK', 'REMINDER', 'FORM_LINK'] as const;
export type TWhatsappPurpose = (typeof WHATSAPP_PURPOSES)[number];

export const WHATSAPP_PURPOSE_LABELS: Record<TWhatsappPurpose, string> = {
  SIGNING_LINK: 'Signing link (document sent)',
  REMINDER: 'Signing reminder',
  FORM_LINK: 'Form link (form sent)',
};

/** The values a purpose offers for a template's body parameters `{{1}}`, `{{2}}`... */
export const WHATSAPP_VARIABLES: Record<TWhatsappPurpose, readonly string[]> = {
  SIGNING_LINK: ['recipient_name', 'document_name', 'sender_name', 'company_name', 'link', 'expires_at'],
  REMINDER: ['recipient_name', 'document_name', 'sender_name', 'company_name', 'link', 'expires_at'],
  FORM_LINK: ['recipient_name', 'form_name', 'sender_name', 'company_name', 'link'],
};

export const WHATSAPP_MESSAGE_STATUSES = [
  'QUEUED',
  'SENDING',
  'SENT',
  'DELIVERED',
  'READ',
  'FAILED',
] as const;
export type TWhatsappMessageStatus = (typeof WHATSAPP_MESSAGE_STATUSES)[number];

const digits = (what: string) =>
  z
    .string()
    .trim()
    .regex(/^\d{5,30}$/, `${what} is the number Meta shows (digits only)`);

/** `POST /whatsapp/accounts`: connect an account (tried against the Cloud API first). */
export const ZWhatsappAccountCreate = z.object({
  name: z.string().trim().min(1, 'Give the account a name').max(120, 'At most 120 characters'),
  phone_number_id: digits('The phone number id'),
  waba_id: digits('The WhatsApp Business account id'),
  access_token: z
    .string()
    .trim()
    .min(20, 'Paste the whole access token')
    .max(1000, 'At most 1,000 characters'),
  app_secret: z
    .string()
    .trim()
    .regex(/^[0-9a-f]{32}$/i, 'The app secret is 32 hex characters (Meta app > Settings > Basic)'),
});
export type TWhatsappAccountCreate = z.infer<typeof ZWhatsappAccountCreate>;

/** `PATCH /whatsapp/accounts/{id}`: a field left out keeps its value; new credentials are tried first. */
export const ZWhatsappAccountUpdate = ZWhatsappAccountCreate.partial();
export type TWhatsappAccountUpdate = z.infer<typeof ZWhatsappAccountUpdate>;

export const ZWhatsappAccount = z.object({
  _id: z.string(),
  name: z.string(),
  phone_number_id: z.string(),
  waba_id: z.string(),
  /** What Meta answered for the number when the account was last tried. */
  display_phone_number: z.string(),
  verified_name: z.string(),
  /** The callback URL to give Meta (Webhooks > WhatsApp Business Account > messages). */
  webhook_url: z.string(),
  /** The verify token to give Meta with the callback URL. */
  verify_token: z.string(),
  verified_at: z.string().nullable(),
  templates_synced_at: z.string().nullable(),
  templates: z.number().int(),
  approved_templates: z.number().int(),
  created_at: z.string(),
});
export type TWhatsappAccount = z.infer<typeof ZWhatsappAccount>;

export const ZWhatsappTemplate = z.object({
  _id: z.string(),
  account_id: z.string(),
  name: z.string(),
  language: z.string(),
  status: z.string(),
  category: z.string(),
  body: z.string(),
  /** How many body parameters (`{{1}}`...) the template has. */
  parameters: z.number().int(),
  /** Only APPROVED templates can be sent. */
  usable: z.boolean(),
});
export type TWhatsappTemplate = z.infer<typeof ZWhatsappTemplate>;

export const ZWhatsappPurposeSetting = z.object({
  purpose: z.enum(WHATSAPP_PURPOSES),
  enabled: z.boolean(),
  template_id: z.string().nullable(),
  /** One of the purpose's variables per body parameter, in order. */
  parameters: z.array(z.string()),
});
export type TWhatsappPurposeSetting = z.infer<typeof ZWhatsappPurposeSetting>;

export const ZWhatsappPurposeWrite = z.object({
  enabled: z.boolean(),
  template_id: ZId('Choose a template').nullable(),
  parameters: z.array(z.string().max(40)).max(20, 'At most 20 parameters'),
});
export type TWhatsappPurposeWrite = z.infer<typeof ZWhatsappPurposeWrite>;

export const ZWhatsappOptIn = z.object({
  contact_id: z.string(),
  opted_in: z.boolean(),
  /** Where the consent came from (e.g. "Signed paper form", "Asked by phone"). */
  source: z.string(),
  recorded_at: z.string().nullable(),
  recorded_by: z.string().nullable(),
  /** The contact's phone number as stored, and whether it can be messaged (E.164 digits). */
  phone: z.string(),
  phone_usable: z.boolean(),
});
export type TWhatsappOptIn = z.infer<typeof ZWhatsappOptIn>;

export const ZWhatsappOptInWrite = z.object({
  opted_in: z.boolean(),
  source: z.string().trim().min(1, 'Say where the consent came from').max(200, 'At most 200 characters'),
});
export type TWhatsappOptInWrite = z.infer<typeof ZWhatsappOptInWrite>;

export const ZWhatsappMessage = z.object({
  _id: z.string(),
  account_id: z.string(),
  purpose: z.enum(WHATSAPP_PURPOSES),
  contact_id: z.string().nullable(),
  contact_name: z.string(),
  to: z.string(),
  template_name: z.string(),
  language: z.string(),
  status: z.enum(WHATSAPP_MESSAGE_STATUSES),
  error: z.string().nullable(),
  wa_message_id: z.string().nullable(),
  created_at: z.string(),
  sent_at: z.string().nullable(),
  status_at: z.string().nullable(),
});
export type TWhatsappMessage = z.infer<typeof ZWhatsappMessage>;

export const ZWhatsappMessagesQuery = ZPageQuery.extend({
  account_id: ZId().optional(),
  status: z.enum(WHATSAPP_MESSAGE_STATUSES).optional(),
  purpose: z.enum(WHATSAPP_PURPOSES).optional(),
  contact_id: ZId().optional(),
});
export type TWhatsappMessagesQuery = z.input<typeof ZWhatsappMessagesQuery>;

/** `GET /whatsapp/status`: what the screens show first. */
export const ZWhatsappStatus = z.object({
  accounts: z.number().int(),
  /** The Graph API base the server calls (WHATSAPP_GRAPH_URL). */
  graph_url: z.string(),
  /** What is still needed before anything is sent, in order; empty: ready. */
  missing: z.array(z.string()),
});
export type TWhatsappStatus = z.infer<typeof ZWhatsappStatus>;
