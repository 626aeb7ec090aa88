import { useParams } from 'react-router';

/**
 * The embedded mode's frame: a page opened at `/if/{ssoAuth}/...` runs its own router with the
 * basename `/if/{ssoAuth}` (main.tsx), so every screen's absolute staff links and navigations
 * (`/documents/all`, `navigate('/contacts')`) stay under the prefix without the screens knowing.
 */
export type EmbeddedFrame = {
  /** The host session token of the address (`ifs_…`), or an iframe link's token (`ifl_…`). */
  ssoAuth: string;
  /** `/if/{ssoAuth}`: the router's basename. */
  basename: string;
};

/** The frame of an address under `/if/{ssoAuth}`, or null for any other page. */
export function embeddedFrameOf(pathname: string): EmbeddedFrame | null {
  const match = /^\/if\/([^/]+)/.exec(pathname);
  if (!match?.[1]) return null;
  return { ssoAuth: decodeSegment(match[1]), basename: `/if/${match[1]}` };
}

function decodeSegment(segment: string): string {
  try {
    return decodeURIComponent(segment);
  } catch {
    return segment;
  }
}

let current: EmbeddedFrame | null = null;

/** Set once at start-up when the page is an embedded frame. */
export function enterEmbeddedFrame(frame: EmbeddedFrame): void {
  current = frame;
}

/** The frame this page runs in, or null outside the embedded mode. */
export function currentEmbeddedFrame(): EmbeddedFrame | null {
  return current;
}

/**
 * Whether the screen is shown in the embedded mode: the frame's own router (basename
 * `/if/{ssoAuth}`), or the full router's `/if/{ssoAuth}/...` routes (tests, tooling).
 */
export function useInEmbeddedFrame(): boolean {
  const { ssoAuth } = useParams();
  return current !== null || Boolean(ssoAuth);
}

/** Tests: back to a plain page. */
export function leaveEmbeddedFrame(): void {
  current = null;
}

/**
 * A path inside the frame (what the host's `navigate` command and the sign-in's `to` carry):
 * same-site, relative to the basename, never `//host` or a full address; else null.
 */
export function framePath(value: unknown): string | null {
  if (typeof value !== 'string' || value.length > 500) return null;
  if (!value.startsWith('/') || value.startsWith('//') || value.includes('\\')) return null;
  return value;
}
