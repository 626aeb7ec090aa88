import { Alert } from '@mantine/core';
import type { TFormTemplate } from '@esigns/contracts/form-templates';
import { TemplateFields } from '../entities/record-form';
import { StepUploads } from './form-file-uploads';
import type { StepTemplate } from './step-templates';

/**
 * A TEMPLATE or ENTITY step's inputs: the records' template section (the form-template renderer's
 * inputs on the template's 12-column grid, one column on phones; visibility rules and formulas
 * applied as people type; linked-record pickers; files uploaded into the form's step through
 * `form-file-uploads.tsx`).
 */
export function StepFields({
  template,
  values,
  errors,
  onChange,
  entityId,
}: {
  template: StepTemplate | null;
  values: Record<string, unknown>;
  errors: Record<string, string>;
  onChange: (key: string, value: unknown) => void;
  /** ENTITY steps: the entity whose record the step fills (its files upload there). */
  entityId?: string | undefined;
}) {
  if (!template) {
    return (
      <Alert color="orange" variant="light" role="alert">
        The questions of this step could not be loaded. Please try again later or contact the sender.
      </Alert>
    );
  }
  return (
    <div data-testid="step-fields">
      <StepUploads templateId={template._id} entityId={entityId}>
        <TemplateFields
          entityId={entityId ?? ''}
          // The section reads only the template's id, name and fields.
          template={template as TFormTemplate}
          values={values}
          errors={errors}
          onChange={onChange}
        />
      </StepUploads>
    </div>
  );
}
