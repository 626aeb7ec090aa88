import { createContext, useContext, useMemo, type ReactNode } from 'react';
import type { TStoredFormStep } from '@esigns/contracts/form-builders';
import type { TFormDownload, TFormUploadTicket } from '@esigns/contracts/form-uploads';
import { recordFileType } from '@esigns/contracts/record-extras';
import { api } from '../../shared/api/api-client';
import { putFileWithProgress } from '../documents/upload/upload-files';
import { FileUploaderScope, type FileUploader } from '../entities/record-files';
import { PayButtonScope } from '../pay-buttons/pay-button-scope';
import { optionsOf, type FillAccess } from './fill-api';
import { guestHeaders } from './guest-session';

/*
 * FILE and IMAGE fields of the fill screens upload through the form submissions' own routes
 * (`formbuilder-data/file-upload-url`, then a PUT straight to storage), so guests can attach files
 * on TEMPLATE and ENTITY steps; files open through `formbuilder-data/file-download-url`. The
 * screens name the form, the caller and (when known) the submission; each step's fields find
 * their step by its template (TEMPLATE) or entity (ENTITY).
 */

type FormUploads = {
  access: FillAccess;
  formId: string;
  submissionId: string | null;
  steps: TStoredFormStep[];
};
const FormUploadsContext = createContext<FormUploads | null>(null);

/** Around a fill screen's stepper: its steps' file fields upload for this form and caller. */
export function FormUploadsProvider({ children, ...value }: FormUploads & { children: ReactNode }) {
  return <FormUploadsContext.Provider value={value}>{children}</FormUploadsContext.Provider>;
}

/** Inside the stepper: the submission its first save made (the provider above knew none yet). */
export function FormSubmissionScope({
  submissionId,
  children,
}: {
  submissionId: string | null;
  children: ReactNode;
}) {
  const uploads = useContext(FormUploadsContext);
  const value = useMemo(
    () =>
      uploads && submissionId && uploads.submissionId !== submissionId
        ? { ...uploads, submissionId }
        : uploads,
    [uploads, submissionId],
  );
  return <FormUploadsContext.Provider value={value}>{children}</FormUploadsContext.Provider>;
}

/** The three calls of one upload into a form step; answers the file reference the step saves. */
export function formUploader(uploads: FormUploads, stepId: string): FileUploader {
  const options = optionsOf(uploads.access);
  return {
    upload: async (field, file, progress) => {
      const type = recordFileType(file);
      const body = {
        formbuilder_details_id: uploads.formId,
        ...(uploads.submissionId ? { formbuilder_data_id: uploads.submissionId } : {}),
        step_id: stepId,
        field: field.key,
        file_name: file.name,
        content_type: type,
        size: file.size,
      };
      const ticket = (await api.post<TFormUploadTicket>('/formbuilder-data/file-upload-url', body, options))
        .data;
      await putFileWithProgress(ticket.upload_url, file, type, progress);
      return ticket.file;
    },
    downloadUrl: async (file, signal) => {
      if (!uploads.submissionId) throw new Error('Save the step first to open its files');
      const body = { formbuilder_data_id: uploads.submissionId, key: file.file_ref_id };
      return (
        await api.post<TFormDownload>('/formbuilder-data/file-download-url', body, { ...options, signal })
      ).data.download_url;
    },
  };
}

/**
 * A step's fields inside a fill screen: files upload into the form step the template (or the
 * entity of an ENTITY step) belongs to. Elsewhere (no provider, or no such step) as records do.
 */
export function StepUploads({
  templateId,
  entityId,
  children,
}: {
  templateId: string;
  entityId?: string | undefined;
  children: ReactNode;
}) {
  const uploads = useContext(FormUploadsContext);
  const step = uploads?.steps.find((s) =>
    entityId
      ? s.type === 'ENTITY' && s.entity_id === entityId
      : s.type === 'TEMPLATE' && s.template_id === templateId,
  );
  const uploader = useMemo(() => (uploads && step ? formUploader(uploads, step.id) : null), [uploads, step]);
  if (!uploads || !step || !uploader) return <>{children}</>;
  // Pay buttons of a TEMPLATE step pay for this submission's step (once the submission is saved).
  const target =
    uploads.submissionId && step.type === 'TEMPLATE'
      ? { kind: 'SUBMISSION' as const, submissionId: uploads.submissionId, stepId: step.id }
      : null;
  const access = uploads.access;
  return (
    <FileUploaderScope uploader={uploader}>
      <PayButtonScope
        target={target}
        guestHeaders={access.kind === 'guest' ? guestHeaders(access.credentials) : undefined}
        readOnly={access.kind === 'approver'}
      >
        {children}
      </PayButtonScope>
    </FileUploaderScope>
  );
}
