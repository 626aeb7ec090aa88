import type { TAppManifest } from '@esigns/contracts/apps';
import { checkManifest } from './check';
import lettings from './shipped/real-estate-lettings.json';

/**
 * Apps that ship with the product: manifests in `shipped/`, listed (approved) in the marketplace
 * of every instance under a fixed id. Checked when this module loads: a broken shipped manifest
 * fails at start-up (and in the tests), never at a customer's install.
 */
export type ShippedApp = { id: string; manifest: TAppManifest; since: Date };

export const LETTINGS_APP_ID = '5b0c2a4e-7d1f-4c8a-9e3b-1a2f3c4d5e60';

export const SHIPPED_APPS: readonly ShippedApp[] = [
  {
    id: LETTINGS_APP_ID,
    manifest: checkManifest(lettings, 'shipped/real-estate-lettings.json'),
    since: new Date('2026-11-29T00:00:00Z'),
  },
];
