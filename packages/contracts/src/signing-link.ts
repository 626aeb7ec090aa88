/**
 * The address a signing link opens (the recipient's landing),
 * `/emp-documents/preview/{employee_document_id}/pp/vp/{user_id}` (the link adds `?token=`): matched
 * by the server, which draws that page, and by the app's start. No imports: the app's first script
 * reads it.
 */
export const SIGNING_LANDING_PATH = /^\/emp-documents\/preview\/([^/]+)\/pp\/vp\/([^/]+)\/?$/;
