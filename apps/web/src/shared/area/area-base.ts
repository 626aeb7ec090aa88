import { useLocation } from 'react-router';

/**
 * Where a screen shared by the staff area and the contact area (`/ap`) is open: the prefix of the
 * addresses it links to. The staff screens of forms and entities are the contact area's screens
 * too; they read this to stay in the area they were opened in.
 */
export type AreaBase = '' | '/ap';

export const CONTACT_AREA_BASE = '/ap';

export function areaBaseOf(pathname: string): AreaBase {
  return pathname === CONTACT_AREA_BASE || pathname.startsWith(`${CONTACT_AREA_BASE}/`)
    ? CONTACT_AREA_BASE
    : '';
}

/** The area of the current address. */
export function useAreaBase(): AreaBase {
  return areaBaseOf(useLocation().pathname);
}
