import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { ZErrorBody, ZSuccess } from '@esigns/contracts/envelope';
import { ZCompanySealCertificate, ZSealCertificateUpload } from '@esigns/contracts/seal-certificates';
import { ok } from '../../platform/http/envelope';
import type { Platform } from '../../platform/platform';
import { accessOf, requirePermission } from '../permissions';
import { ERRORS, perMinute, STAFF_SECURITY, TAGS } from './route-common';
import {
  assertCanManageSealCertificate,
  readCompanySealCertificate,
  removeCompanySealCertificate,
  saveCompanySealCertificate,
} from './seal-certificates';

const ANSWER =
  '`source` COMPANY with `certificate` (subject, common name, issuer, validity, key type, SHA-256 ' +
  'fingerprint, chain length, upload time) or INSTANCE with `certificate` null. Never the key or the passphrase.';

/**
 * `GET|PUT|DELETE /company-seal-certificate`: the company's own sealing certificate (bring your own
 * PKCS#12; not in the product spec, README "Sealing in the company's name").
 */
export function registerSealCertificateRoutes(api: FastifyInstance, platform: Platform): void {
  const r = api.withTypeProvider<ZodTypeProvider>();
  const path = '/company-seal-certificate';

  r.get(
    path,
    {
      onRequest: requirePermission(platform, 'company:view'),
      schema: {
        tags: TAGS,
        security: STAFF_SECURITY,
        summary: "What seals the company's completed documents: its own certificate or the instance's",
        description: ANSWER,
        response: { 200: ZSuccess(ZCompanySealCertificate), ...ERRORS },
      },
    },
    async (request) => ok(await readCompanySealCertificate(platform, accessOf(request).companyId)),
  );

  r.put(
    path,
    {
      onRequest: requirePermission(platform, 'company:update'),
      config: perMinute(10),
      bodyLimit: 256 * 1024,
      schema: {
        tags: TAGS,
        security: STAFF_SECURITY,
        summary: "Seal the company's documents in its own name with a PKCS#12 certificate",
        description:
          '`file`: the PKCS#12 bundle (.p12/.pfx, at most 64 KB) in base64, `passphrase` its passphrase (never ' +
          'stored). Checked before anything is stored: it must open with the passphrase (else 422 on `passphrase`), ' +
          'be a PKCS#12 bundle holding an RSA or ECDSA private key and the certificate of that key, valid now, whose ' +
          'key usage (when present) allows digital signature or non-repudiation (else 422 on `file` with the ' +
          'reason). The key is stored encrypted (AES-256-GCM); it replaces any earlier company certificate. Every ' +
          'document completed from then on is sealed with it (its chain embedded). OWNER and ADMIN only. ' +
          ANSWER,
        body: ZSealCertificateUpload,
        response: { 200: ZSuccess(ZCompanySealCertificate), ...ERRORS, 413: ZErrorBody },
      },
    },
    async (request) => {
      const access = accessOf(request);
      assertCanManageSealCertificate(access);
      return ok(
        await saveCompanySealCertificate(platform, access, request.body),
        'Sealing certificate saved',
      );
    },
  );

  r.delete(
    path,
    {
      onRequest: requirePermission(platform, 'company:update'),
      config: perMinute(10),
      schema: {
        tags: TAGS,
        security: STAFF_SECURITY,
        summary: "Remove the company's own sealing certificate: back to the instance's",
        description:
          'Documents completed from then on are sealed with the instance certificate; those already sealed with ' +
          "the company's still verify. 404 when the company has no certificate of its own. OWNER and ADMIN only.",
        response: { 200: ZSuccess(ZCompanySealCertificate), ...ERRORS },
      },
    },
    async (request) => {
      const access = accessOf(request);
      assertCanManageSealCertificate(access);
      return ok(
        await removeCompanySealCertificate(platform, access.companyId),
        'Sealing certificate removed',
      );
    },
  );
}
