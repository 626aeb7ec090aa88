import { SIGNING_LANDING_PATH } from '@esigns/contracts/signing-link';

/**
 * The signing link's landing (contracts/signing-link.ts; on its own: the app's start reads it
 * without loading the signing code on other pages).
 */
export const LANDING_ADDRESS = SIGNING_LANDING_PATH;

export const isLandingAddress = (pathname: string): boolean => LANDING_ADDRESS.test(pathname);
