import type { TCompanySealCertificate, TSealCertificateUpload } from '@esigns/contracts/seal-certificates';
import { api } from '../../shared/api/api-client';

/** The company's own sealing certificate (`/company-seal-certificate`, signing module README). */
export const SEAL_CERTIFICATE_KEY = ['company-seal-certificate'] as const;

export async function fetchSealCertificate(signal?: AbortSignal): Promise<TCompanySealCertificate> {
  return (await api.get<TCompanySealCertificate>('/company-seal-certificate', undefined, { signal })).data;
}

export async function uploadSealCertificate(body: TSealCertificateUpload): Promise<TCompanySealCertificate> {
  return (await api.put<TCompanySealCertificate>('/company-seal-certificate', body)).data;
}

export async function removeSealCertificate(): Promise<TCompanySealCertificate> {
  return (await api.delete<TCompanySealCertificate>('/company-seal-certificate')).data;
}

/** The file's bytes in base64, as the upload sends them (a data URL without its prefix). */
export function fileToBase64(file: Blob): Promise<string> {
  return new Promise((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => resolve(String(reader.result).replace(/^data:[^,]*,/, ''));
    reader.onerror = () => reject(reader.error ?? new Error('The file could not be read'));
    reader.readAsDataURL(file);
  });
}
