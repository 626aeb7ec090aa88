import { useQuery } from '@tanstack/react-query';
import type { TIcon } from '@esigns/contracts/icons';
import { api } from '../api/api-client';
import { sanitiseSvg } from './svg-sanitiser';

/*
 * The icon library (`GET /icons/getAllIcons`, the Tabler set as FILL and OUTLINE): fetched once
 * per session and kept (it never changes while the app runs; the server answers with an ETag, so
 * a reload costs a 304). Icons are drawn through `<img src="data:image/svg+xml,...">` or a CSS
 * mask of the same URL, never by placing markup in the page: an SVG loaded as an image runs no
 * script.
 */

export const ICON_LIBRARY_KEY = ['icons', 'library'] as const;

export async function fetchIconLibrary(signal?: AbortSignal): Promise<TIcon[]> {
  return (await api.get<TIcon[]>('/icons/getAllIcons', undefined, { signal })).data;
}

/** Every icon, loaded on first use; `enabled: false` reads only what is already loaded. */
export function useIconLibrary(options: { enabled?: boolean } = {}) {
  return useQuery({
    queryKey: ICON_LIBRARY_KEY,
    queryFn: ({ signal }) => fetchIconLibrary(signal),
    staleTime: Infinity,
    gcTime: Infinity,
    enabled: options.enabled ?? true,
  });
}

const SVG_NS = 'xmlns="http://www.w3.org/2000/svg"';
const dataUrls = new Map<string, string | null>();

/**
 * A `data:image/svg+xml` URL of icon markup, or null when the markup is not a single `<svg>`
 * (sanitised first, then kept per markup: lists re-render on every keystroke).
 */
export function svgDataUrl(markup: string | null | undefined): string | null {
  if (!markup) return null;
  const cached = dataUrls.get(markup);
  if (cached !== undefined) return cached;
  let safe = sanitiseSvg(markup);
  // An SVG file needs its namespace to show as an image.
  if (safe && !safe.includes(SVG_NS)) safe = safe.replace(/^<svg\b/, `<svg ${SVG_NS}`);
  const url = safe ? `data:image/svg+xml;charset=utf-8,${encodeURIComponent(safe)}` : null;
  dataUrls.set(markup, url);
  return url;
}

const indexes = new WeakMap<readonly TIcon[], Map<string, TIcon>>();

/** The icon stored under `id` (`home`, `home-filled`) in a loaded library. */
export function findIcon(
  icons: readonly TIcon[] | undefined,
  id: string | null | undefined,
): TIcon | undefined {
  if (!icons || !id) return undefined;
  let index = indexes.get(icons);
  if (!index) {
    index = new Map(icons.map((icon) => [icon._id, icon]));
    indexes.set(icons, index);
  }
  return index.get(id);
}
