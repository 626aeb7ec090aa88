import { ZErrorBody } from '@esigns/contracts/envelope';

/** What the send and data-out routes share in their OpenAPI schemas. */
export const SEND_TAGS = ['form-builder-data'];
export const SEND_ERRORS = {
  400: ZErrorBody,
  401: ZErrorBody,
  403: ZErrorBody,
  404: ZErrorBody,
  409: ZErrorBody,
  422: ZErrorBody,
};
export const security = [{ bearer: [] }];
