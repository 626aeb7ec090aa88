import { z } from 'zod';
import { ZErrorBody } from '@esigns/contracts/envelope';

/** What the staff routes of workflows share in their OpenAPI schemas. */

export const WORKFLOW_ERRORS = {
  401: ZErrorBody,
  403: ZErrorBody,
  404: ZErrorBody,
  409: ZErrorBody,
  422: ZErrorBody,
};

export const ZWorkflowIdParams = z.object({ id: z.string().max(64).describe('The workflow id') });

export const ZWorkflowDataIdParams = z.object({
  id: z.string().max(64).describe('The workflow data (instance) id'),
});

export const WORKFLOW_TAGS = ['workflows'];
export const WORKFLOW_SECURITY = [{ bearer: [] }];

export const STEPS_DOC =
  '`steps` (at most 50, in order): each has a stable `id` (the client makes it; conditions and instances ' +
  'refer to it), `kind` custom or static (`template_id`: a template of the company; `recipients` map its ' +
  'roles to PRIMARY, a USER of the company or a fixed EMAIL), requested (`card_type`, `accepted_types`) or ' +
  'form (`form_builder_id`: a form of the company), `name`, `stage` (steps of one stage run at the same ' +
  'time), `required` and an optional `condition` over steps of earlier stages. `contact_type_id`: a contact ' +
  'type of the company. `timing`: `expire_after_days`, `reminder_every_days`. An unknown or another ' +
  "company's template, form, contact type or user answers 422 keyed by its path (`steps.2.template_id`), " +
  'naming the step.';
