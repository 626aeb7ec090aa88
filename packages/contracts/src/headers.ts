/**
 * Request headers the spec's client sends when it knows them (spec 1 §7). Node lower-cases
 * header names, and so do these constants.
 */
export const AUTH_HEADERS = {
  userId: 'userid',
  anonymousUserId: 'anonymoususerid',
  password: 'password',
  documentId: 'documentid',
  workflowDataId: 'workflowdataid',
  authorization: 'authorization',
  passcode: 'passcode',
  approverCompanyUserId: 'approvercompanyuserid',
  approverContactId: 'approvercontactid',
  formBuilderId: 'formbuilderid',
  userTimezone: 'usertimezone',
} as const;

export type AuthHeaderKey = keyof typeof AUTH_HEADERS;

/** The headers a signing link's recipient proves who they are with (`signing.ts`). */
export const SIGNER_HEADERS = {
  documentId: AUTH_HEADERS.documentId,
  userId: AUTH_HEADERS.userId,
  password: AUTH_HEADERS.password,
} as const;

/** Header carrying the request id on every answer (also accepted on the way in). */
export const REQUEST_ID_HEADER = 'x-request-id';

/** Socket.io handshake header naming the workspace room to join (spec 1 §7). */
export const WORKSPACE_HEADER = 'workspaceid';
