import type { TWorkflowStepKind } from '@esigns/contracts/workflows';

/** The step screens of `/company-documents/{kind}/{document_id}[/workflow/{workflow_data_id}]/…`. */
export type StepDocumentKind = Exclude<TWorkflowStepKind, 'form'>;

const e = encodeURIComponent;

function stepPath(
  kind: StepDocumentKind,
  id: string,
  workflowDataId: string | null | undefined,
  last: string,
) {
  const packet = workflowDataId ? `/workflow/${e(workflowDataId)}` : '';
  return `/company-documents/${kind}/${e(id)}${packet}/${last}`;
}

export const stepPaths = {
  execute: (kind: StepDocumentKind, id: string, workflowDataId?: string | null) =>
    stepPath(kind, id, workflowDataId, 'execute'),
  preview: (kind: StepDocumentKind, id: string, workflowDataId?: string | null) =>
    stepPath(kind, id, workflowDataId, 'preview'),
};
