import { useQuery } from '@tanstack/react-query';
import { WHATSAPP_KEYS, fetchAccounts, fetchWhatsappStatus } from './whatsapp-api';

/** What is still missing (GET /whatsapp/status), shared by both WhatsApp screens. */
export const useWhatsappStatus = () =>
  useQuery({ queryKey: WHATSAPP_KEYS.status, queryFn: ({ signal }) => fetchWhatsappStatus(signal) });

/** The company's accounts (GET /whatsapp/accounts). */
export const useWhatsappAccounts = () =>
  useQuery({ queryKey: WHATSAPP_KEYS.accounts, queryFn: ({ signal }) => fetchAccounts(signal) });
