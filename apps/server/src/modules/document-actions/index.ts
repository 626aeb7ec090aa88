/**
 * The public face of the document-actions module: other modules and the composition root import only this
 * file (checked by .dependency-cruiser.cjs). Its tables stay private to it.
 */
export { registerDocumentActionRoutes } from './routes';
export { voidDocumentsInTx } from './status-service';
