/*
 * What a scanned code is (pure rules, no React, no calls): a link of this app, a link elsewhere,
 * or a plain value to look up. The scanner's actions (`scan-actions.ts`) decide on these.
 */

/** A record named by an app link: `/entity/{entity_id}/view?dataId=` and the other record pages. */
export type RecordRef = { entityId: string; recordId: string };

export type CodeTarget =
  | { kind: 'app'; path: string; record: RecordRef | null }
  | { kind: 'external'; url: string }
  | { kind: 'text'; text: string };

const SCHEME = /^[a-z][a-z0-9+.-]*:/i;

/** The record pages of the entities feature whose `dataId` names the record (features/entities/paths.ts). */
const RECORD_PAGES = [
  /^\/entity\/([^/]+)\/(?:view|edit)$/,
  /^\/entity_data_view\/([^/]+)(?:\/[^/]+)?$/,
  /^\/entityData-Edit\/([^/]+)(?:\/[^/]+)?$/,
];

/** The record an app path opens, or null when the path is not a record page. */
export function recordOfPath(path: string): RecordRef | null {
  const url = new URL(path, 'http://app.invalid');
  const recordId = url.searchParams.get('dataId');
  if (!recordId) return null;
  for (const page of RECORD_PAGES) {
    const match = page.exec(url.pathname);
    if (match?.[1]) return { entityId: decodeURIComponent(match[1]), recordId };
  }
  return null;
}

/**
 * Reads a scanned or typed code against this app's origin: an http(s) address of the same origin
 * (or a path starting with one `/`) is a place in the app; another http(s) address is a link
 * elsewhere; anything else (including `mailto:`, `WIFI:`... payloads) is a value.
 */
export function readCode(raw: string, origin: string): CodeTarget {
  const text = raw.trim();
  let url: URL | null = null;
  if (SCHEME.test(text)) {
    try {
      url = new URL(text);
    } catch {
      url = null;
    }
  } else if (text.startsWith('/') && !text.startsWith('//')) {
    url = new URL(text, origin);
  }
  if (url && (url.protocol === 'http:' || url.protocol === 'https:')) {
    if (url.origin === origin) {
      const path = `${url.pathname}${url.search}${url.hash}`;
      return { kind: 'app', path, record: recordOfPath(path) };
    }
    return { kind: 'external', url: url.href };
  }
  return { kind: 'text', text };
}

/** A number lookup field can only match a code that reads as a number. */
export function isNumericCode(text: string): boolean {
  const plain = text.replace(/[, ]/g, '');
  return plain !== '' && Number.isFinite(Number(plain));
}

/** The value a check-in writes: the instant for a date-time field, the local day for a date field. */
export function checkInValue(fieldType: 'DATE' | 'DATE_TIME', now: Date): string {
  if (fieldType === 'DATE_TIME') return now.toISOString();
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${now.getFullYear()}-${pad(now.getMonth() + 1)}-${pad(now.getDate())}`;
}

/** Scanning one record again this soon after its check-in asks before writing again. */
export const REPEAT_WINDOW_MS = 60_000;

export type CheckIn = { recordId: string; entityId: string; title: string; at: string };

/** This session's check-in of the record within the repeat window, if any (newest first list). */
export function recentCheckIn(history: readonly CheckIn[], recordId: string, now: Date): CheckIn | null {
  const last = history.find((entry) => entry.recordId === recordId);
  if (!last) return null;
  return now.getTime() - Date.parse(last.at) < REPEAT_WINDOW_MS ? last : null;
}

/**
 * A label held in front of the camera is read many times a second: a reading of the code last
 * handed on, less than this after the code was last seen, is the same scan. It counts again only
 * once the code was out of sight this long.
 */
export const SAME_CODE_MS = 3000;

/** The code the camera last handed on, and when it was last seen. */
export type HeldCode = { text: string; at: number };

export const NO_HELD_CODE: HeldCode = { text: '', at: 0 };

/**
 * What the camera does with one reading of `text` at `now` (ms): `same` when it is the code handed
 * on last and still in sight (it stays held, seen now), else `new`, to hand on. A new code the
 * scanner declines (a scan is still on its way) is not held: the next frame reads it again, so a
 * code held up while the scanner was busy is not lost.
 */
export function cameraReading(held: HeldCode, text: string, now: number): 'same' | 'new' {
  return text === held.text && now - held.at < SAME_CODE_MS ? 'same' : 'new';
}
