/**
 * The public face of the document-lists module: other modules and the composition root import only this
 * file (checked by .dependency-cruiser.cjs). Its tables stay private to it.
 */
export { defineDocumentListJobs } from './jobs';
export { visibleTo, waitingForMe } from './list-query';
export type { ListScope } from './list-query';
export { listDocuments } from './list-service';
export { registerDocumentListRoutes } from './routes';
export { isoOf, loadScope, rowsOf } from './scope';
/** The documents module's rule (`documents/visibility.ts`), answered here too for the lists' callers. */
export { findListedDocument } from '../documents';
