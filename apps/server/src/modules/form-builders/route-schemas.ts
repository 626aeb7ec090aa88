import { z } from 'zod';
import { ZErrorBody } from '@esigns/contracts/envelope';

/** What the staff routes of forms share in their OpenAPI schemas. */

export const FORM_BUILDER_ERRORS = {
  401: ZErrorBody,
  403: ZErrorBody,
  404: ZErrorBody,
  409: ZErrorBody,
  422: ZErrorBody,
};

export const ZFormIdParams = z.object({ id: z.string().max(64).describe('The form builder id') });

export const READ_RULE =
  'Needs `form-builders:view`; with only `form-builders:fill`, the ACTIVE forms filled by company users. ' +
  "Unknown, deleted or another company's form: 404.";
