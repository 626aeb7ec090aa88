import type { TSmtpConfig, TSmtpConfigWrite } from '@esigns/contracts/email';
import { api } from '../../shared/api/api-client';

/** The company SMTP calls (apps/server/src/modules/mail-config/README.md). */

export const SMTP_KEYS = { config: ['config', 'smtp'] as const };

export async function fetchSmtpConfig(signal?: AbortSignal): Promise<TSmtpConfig> {
  return (await api.get<TSmtpConfig>('/config/smtp', undefined, { signal })).data;
}

/** Tries the settings (a test mail to `test_to`), then saves them; a failure is a 422 on the field. */
export async function saveSmtpConfig(body: TSmtpConfigWrite): Promise<TSmtpConfig> {
  return (await api.post<TSmtpConfig>('/config/smtp', body)).data;
}
