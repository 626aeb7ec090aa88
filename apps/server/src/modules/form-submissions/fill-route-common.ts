import { ZErrorBody } from '@esigns/contracts/envelope';

/* What the fill side's routes share in their OpenAPI schemas. */

export const FILL_ERRORS = {
  401: ZErrorBody,
  403: ZErrorBody,
  404: ZErrorBody,
  409: ZErrorBody,
  422: ZErrorBody,
};
export const FILL_TAGS = ['form-submissions'];
/** Staff and contacts send their bearer token; guests the headers of their form session. */
export const FILL_SECURITY: Record<string, string[]>[] = [{ bearer: [] }, {}];
export const WHO_DOC =
  'Called by a member of the company (`Authorization: Bearer`, `form-builders:fill`) or by a guest of the form ' +
  '(headers `userid` or `anonymoususerid`, `passcode` (the session secret) and `formbuilderid`, from ' +
  '`formBuilders/verify` or `formbuilder-url/create`). A guest reaches only their own submissions of their form: ' +
  "any other id answers 404, as does another company's. A signed-in contact of the contact area (`/ap`, their " +
  'bearer token) fills as themselves (filler CONTACT, no passcode) the ACTIVE CONTACTS forms of their contact ' +
  'type and the forms sent to them, and reaches only their own submissions (and those they are asked to ' +
  'approve): any other form or submission answers 404; staff-only calls answer them 403.';
