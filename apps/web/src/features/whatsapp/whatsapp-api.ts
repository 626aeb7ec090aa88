import type { TPaged } from '@esigns/contracts/envelope';
import type {
  TWhatsappAccount,
  TWhatsappAccountCreate,
  TWhatsappAccountUpdate,
  TWhatsappMessage,
  TWhatsappMessagesQuery,
  TWhatsappOptIn,
  TWhatsappOptInWrite,
  TWhatsappPurpose,
  TWhatsappPurposeSetting,
  TWhatsappPurposeWrite,
  TWhatsappStatus,
  TWhatsappTemplate,
} from '@esigns/contracts/whatsapp';
import { api } from '../../shared/api/api-client';

/** The WhatsApp calls (apps/server/src/modules/whatsapp/README.md). */

export const WHATSAPP_KEYS = {
  all: ['whatsapp'] as const,
  status: ['whatsapp', 'status'] as const,
  accounts: ['whatsapp', 'accounts'] as const,
  templates: ['whatsapp', 'templates'] as const,
  purposes: ['whatsapp', 'purposes'] as const,
  messages: (query: TWhatsappMessagesQuery) => ['whatsapp', 'messages', query] as const,
  optIn: (contactId: string) => ['whatsapp', 'opt-in', contactId] as const,
};

const id = encodeURIComponent;

export async function fetchWhatsappStatus(signal?: AbortSignal): Promise<TWhatsappStatus> {
  return (await api.get<TWhatsappStatus>('/whatsapp/status', undefined, { signal })).data;
}

export async function fetchAccounts(signal?: AbortSignal): Promise<TWhatsappAccount[]> {
  return (await api.get<TWhatsappAccount[]>('/whatsapp/accounts', undefined, { signal })).data;
}

/** Tried against the Cloud API first; a refusal is a 422 on the field it concerns. */
export async function createAccount(body: TWhatsappAccountCreate): Promise<TWhatsappAccount> {
  return (await api.post<TWhatsappAccount>('/whatsapp/accounts', body)).data;
}

export async function updateAccount(
  accountId: string,
  body: TWhatsappAccountUpdate,
): Promise<TWhatsappAccount> {
  return (await api.patch<TWhatsappAccount>(`/whatsapp/accounts/${id(accountId)}`, body)).data;
}

export async function deleteAccount(accountId: string): Promise<void> {
  await api.delete<null>(`/whatsapp/accounts/${id(accountId)}`);
}

export async function testAccount(accountId: string): Promise<TWhatsappAccount> {
  return (await api.post<TWhatsappAccount>(`/whatsapp/accounts/${id(accountId)}/test`)).data;
}

export async function syncTemplates(accountId: string): Promise<TWhatsappTemplate[]> {
  return (await api.post<TWhatsappTemplate[]>(`/whatsapp/accounts/${id(accountId)}/templates/sync`)).data;
}

export async function fetchTemplates(signal?: AbortSignal): Promise<TWhatsappTemplate[]> {
  return (await api.get<TWhatsappTemplate[]>('/whatsapp/templates', undefined, { signal })).data;
}

export async function fetchPurposes(signal?: AbortSignal): Promise<TWhatsappPurposeSetting[]> {
  return (await api.get<TWhatsappPurposeSetting[]>('/whatsapp/purposes', undefined, { signal })).data;
}

export async function savePurpose(
  purpose: TWhatsappPurpose,
  body: TWhatsappPurposeWrite,
): Promise<TWhatsappPurposeSetting> {
  return (await api.put<TWhatsappPurposeSetting>(`/whatsapp/purposes/${purpose}`, body)).data;
}

export async function fetchMessages(
  query: TWhatsappMessagesQuery,
  signal?: AbortSignal,
): Promise<TPaged<TWhatsappMessage>> {
  const params = Object.fromEntries(Object.entries(query).filter(([, v]) => v !== '' && v !== undefined));
  return (await api.get<TPaged<TWhatsappMessage>>('/whatsapp/messages', params, { signal })).data;
}

export async function fetchOptIn(contactId: string, signal?: AbortSignal): Promise<TWhatsappOptIn> {
  return (await api.get<TWhatsappOptIn>(`/whatsapp/opt-ins/${id(contactId)}`, undefined, { signal })).data;
}

export async function saveOptIn(contactId: string, body: TWhatsappOptInWrite): Promise<TWhatsappOptIn> {
  return (await api.put<TWhatsappOptIn>(`/whatsapp/opt-ins/${id(contactId)}`, body)).data;
}
