/**
 * The signing link's landing, `/emp-documents/preview/{employee_document_id}/pp/vp/{user_id}`
 * (on its own: the app's start reads it without loading the signing code on other pages).
 */
export const LANDING_ADDRESS = /^\/emp-documents\/preview\/([^/]+)\/pp\/vp\/([^/]+)\/?$/;

export const isLandingAddress = (pathname: string): boolean => LANDING_ADDRESS.test(pathname);
