/**
 * The public face of the documents module: other modules and the composition root import only this
 * file (checked by .dependency-cruiser.cjs). Its tables stay private to it.
 */
export { defineDocumentJobs } from './bulk-send';
export { insertConfigurable } from './configurable-service';
export { deleteDocumentRows } from './delete-document';
export { copyPdf } from './document-files';
export {
  activeTemplateChoices,
  completedDocumentsOfRecipient,
  documentOrigins,
  isCompanyTemplate,
  layoutRecipientsOf,
  listPartiesColumnsText,
  listPartiesOf,
  templateSummariesByIds,
} from './document-views';
export type { ListParty, RecipientCompletedDocument } from './document-views';
export {
  holdBackRecipients,
  recordRecipientProgress,
  rewriteRecipients,
  updateEmployeeDocument,
} from './document-writes';
export type { DocumentChanges, RecipientRewrite } from './document-writes';
export {
  appendDocumentLog,
  appendDocumentLogs,
  canonicalJson,
  documentLogPosition,
  documentLogsOf,
  isRecipientAct,
  verifyDocumentLog,
} from './document-logs';
export type { DocumentLogInput, DocumentLogRow } from './document-logs';
export { changeDocumentStatus, changeDocumentStatuses, lockEmployeeDocument } from './document-status';
export type { StatusChangeColumns, StatusChangeOptions } from './document-status';
export { mayActOnDocument } from './documents-service';
export { structuralProblems } from './drafts-service';
export { checkFiles, filesData, storeFiles } from './file-uploads';
export type { IncomingFile } from './file-uploads';
export {
  registerDocumentRequestStatusListener,
  registerDocumentStatusListener,
  registerNewDocumentSettings,
  registerSentDocumentsListener,
} from './hooks';
export type {
  DocumentRequestStatusChange,
  DocumentRequestStatusListener,
  DocumentStatusChange,
  DocumentStatusListener,
  NewDocumentSettings,
  SentDocument,
} from './hooks';
export {
  assertCanSee,
  canSeeTemplate,
  employeeDocumentOf,
  fieldsOfDocuments,
  findConfigurable,
  findEmployeeDocument,
  findOneOffEmployeeDocument,
  finishedRecipientIdsText,
  forbidden,
  peopleByIds,
  personOf,
  recipientOf,
  recipientsOf,
  recipientWithDocument,
  requireSlug,
  userIdsByEmail,
} from './lookups';
export type { Reader, Tx } from './lookups';
export { signingLink } from './mails';
export { publishDocumentEvent, type DocumentEvent, type EventDocument } from './integration-events';
export {
  notifyDocumentCompleted,
  notifyDocumentCorrected,
  notifyDocumentSender,
  notifyDocumentVoided,
  notifyRecipientDue,
} from './notices';
export {
  issueHostedLink,
  issueRecipientSecret,
  notifyRecipient,
  ownRecipientSecret,
  reopenRecipient,
} from './notify';
export { presentEmployeeDocument } from './present-employee';
export {
  FINISHED_STATUSES,
  NO_SECRETS,
  isHostedSecret,
  isRecipientSecret,
  isRetiredSecret,
  newRecipientSecret,
} from './recipients';
export { ERRORS, ZIdParam, ZName, ZQueryBool, ZSettingsPatch, security } from './route-schemas';
export { registerDocumentRoutes } from './routes';
export { cancelDocumentRequests } from './request-close';
export {
  insertDocumentRequest,
  insertDocumentRequests,
  mailRequestLink,
  mintRequestLink,
} from './request-documents';
export { documentRequestFiles } from './request-files';
export type { DocumentRequestFile } from './request-files';
export { authenticateRequestLink, REQUEST_LINK_HEADERS, requestLinkUrl } from './request-documents-link';
export type { RequestLinkHolder } from './request-documents-link';
export type { NewDocumentRequest } from './request-documents';
export {
  prepareTemplateSend,
  prepareTemplateSends,
  settlePreparedSends,
  storePreparedSends,
} from './send-in-tx';
export type { TemplateSendItem } from './send-in-tx';
export type { TemplateRole } from './send-in-tx';
export type { TemplatePerson } from './send-routes-service';
export { sendDocument } from './send-service';
export type {
  NotifiedRecipient,
  PreparedSend,
  SendActor,
  SendRequest,
  SendResult,
  SendSource,
} from './send-service';
export { contactsForEmails } from './send-store';
export { loadSenderInfo } from './sender-info';
export type { SenderInfo } from './sender-info';
export type { ConfigurableRow, DocumentUserRow, EmployeeRow, PersonRef } from './serializers';
export {
  claimDocumentsToWarn,
  claimRecipientsToRemind,
  lockExpiredDocuments,
  markRecipientWarned,
  pendingActors,
} from './sweep-claims';
export type { SweepClaim } from './sweep-claims';
export { canSeeSentDocument, findListedDocument, hasBroadReach } from './visibility';
export { registerDocumentUsage } from './plan-usage';
