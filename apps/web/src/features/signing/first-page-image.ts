import { useEffect, useState } from 'react';
import type { TESignRecord } from '@esigns/contracts/signing';
import { buildAuthHeaders, readSessionAuthDetails } from '../../shared/api/api-client';
import { signerHeaders } from './signer-credentials';
import type { SignerAccess } from './signing-api';

/**
 * The document's first page as an image the server draws once (`GET /e-signs/{id}/first-page`),
 * shown by the signing view while pdf.js, the file and the first page's drawing are on their way.
 * Asked for by the landing as soon as the recipient may act, so that the view has it when it opens.
 * One object URL per document version and tab (never revoked: a page image, kept for the tab).
 */
const loading = new Map<string, Promise<string | null>>();
const loaded = new Map<string, string>();

/** The record's file version when the recipient may act on it (the image's condition), else null. */
function versionOf(record: TESignRecord): string | null {
  if (record.blocked || record.gates.length > 0) return null;
  return record.file?.sha256 ?? null;
}

const keyOf = (documentId: string, version: string) => `${documentId}:${version}`;

/** Starts fetching the first page's image (once per version); null when there is none to show. */
export function loadFirstPageImage(
  access: SignerAccess,
  record: TESignRecord,
): Promise<string | null> | null {
  const version = versionOf(record);
  if (!version || typeof URL.createObjectURL !== 'function') return null;
  const key = keyOf(access.documentId, version);
  const known = loading.get(key);
  if (known) return known;
  const headers = {
    ...buildAuthHeaders(access.credentials ? {} : readSessionAuthDetails()),
    ...signerHeaders(access.credentials, access.userId),
  };
  const url = `/api/e-signs/${encodeURIComponent(access.documentId)}/first-page?v=${version}`;
  const pending = fetch(url, { headers, credentials: 'same-origin' })
    .then(async (response) => {
      // Nothing to show (refused, not made): the view waits for the PDF as before.
      if (!response.ok) return null;
      const objectUrl = URL.createObjectURL(await response.blob());
      loaded.set(key, objectUrl);
      return objectUrl;
    })
    .catch((error: unknown) => {
      // Offline or cut short: the view waits for the PDF as before; said, not hidden.
      console.warn('The first page image could not be loaded', error);
      return null;
    });
  loading.set(key, pending);
  return pending;
}

/** The longest the signing view's code waits for the first page to show (a slow or lost image). */
export const FIRST_PAGE_WAIT_MS = 3000;
const settled = new Map<string, Promise<void>>();
const settle = new Map<string, () => void>();

/**
 * Resolves once the first page's image has been painted (`markFirstPageShown`), or as soon as it
 * is known there is none, and never later than FIRST_PAGE_WAIT_MS; null when there is no image to
 * wait for. The signing view asks for its code only then: its hundred modules are evaluated in one
 * long task of the main thread, and started together with the image they held its paint back (by
 * 0.3-0.6 s on a phone).
 */
export function firstPageSettled(access: SignerAccess, record: TESignRecord): Promise<void> | null {
  const image = loadFirstPageImage(access, record);
  const version = versionOf(record);
  if (!image || !version) return null;
  const key = keyOf(access.documentId, version);
  let pending = settled.get(key);
  if (!pending) {
    pending = new Promise<void>((resolve) => {
      settle.set(key, resolve);
      void image.then((url) => {
        if (!url) resolve();
      });
      window.setTimeout(resolve, FIRST_PAGE_WAIT_MS);
    });
    settled.set(key, pending);
  }
  return pending;
}

/** Called by the preview once its image is on screen (or failed to show): the view may load. */
export function markFirstPageShown(documentId: string, record: TESignRecord): void {
  const version = versionOf(record);
  if (version) settle.get(keyOf(documentId, version))?.();
}

/** The first page's image address once it is in (at once when the landing fetched it already). */
export function useFirstPageImage(access: SignerAccess, record: TESignRecord): string | null {
  const version = versionOf(record);
  const key = version ? keyOf(access.documentId, version) : null;
  const [image, setImage] = useState<{ key: string; url: string | null } | null>(() =>
    key ? { key, url: loaded.get(key) ?? null } : null,
  );
  useEffect(() => {
    if (!key || loaded.has(key)) return;
    let live = true;
    void loadFirstPageImage(access, record)?.then((url) => {
      if (live) setImage({ key, url });
    });
    return () => {
      live = false;
    };
  }, [access, record, key]);
  if (!key) return null;
  return image?.key === key ? image.url : (loaded.get(key) ?? null);
}
