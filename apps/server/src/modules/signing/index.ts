/**
 * The public face of the signing module: other modules and the composition root import only this
 * file (checked by .dependency-cruiser.cjs). Its tables stay private to it.
 */
export { downloadLink } from './downloads-service';
export type { Downloader } from './downloads-service';
export { fieldValuesOf } from './field-values';
export { defineSigningJobs } from './jobs';
export { landingLinkOf, landingRecordForPage } from './landing-page';
export { registerFirstPageImageWarming } from './page-image';
export { senderDocumentLink } from './notifications';
export { advanceDocument, dueUnderOrder, isDone, isEveryoneDone } from './progress';
export { dropFieldValues, forgetRecipientProgress, sealStatusOf } from './recipient-progress';
export { clientOf, perMinute } from './route-common';
export { registerSigningRoutes } from './routes';
export { authenticateSigner } from './signer-access';
export type { SignerContext } from './signer-access';
export { documentsWithFailedSeal, SEAL_FAILED_COLUMN_TEXT, sealFailureOf } from './seal-failure';
export { noSealQueued, queueSeal, wakeSealWorker } from './seal-queue';
export { completedFileKey } from './seal-service';
export { sealedDocumentIds, sealedFileKeys } from './sealed-documents';
