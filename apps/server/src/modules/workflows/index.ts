/**
 * The public face of the workflows module: the composition root imports only this file (checked by
 * .dependency-cruiser.cjs). Its tables stay private to it.
 */
export { registerWorkflowRoutes } from './routes';
export { defineWorkflowJobs } from './jobs';
export {
  findWorkflow,
  findWorkflowVersion,
  loadWorkflow,
  presentWorkflow,
  presentWorkflows,
} from './definitions-read';
export type { LoadedWorkflow, WorkflowRow, WorkflowVersionRow } from './definitions-read';
export { appendWorkflowEvents, createDraftInstances } from './instances-store';
export type { InstancePerson, NewInstances, WorkflowEventInput } from './instances-store';
export { presentInstanceDetail, presentInstances, stepsOfInstances, toInstance } from './presenters';
export type { WorkflowDataRow, WorkflowDataStepRow } from './presenters';
export { findInstance, listInstances } from './reads-instances';
/** SharePoint: a finished instance's packet ZIP, made by the system. */
export { openPacketArchive } from './download-service';
export { activeWorkflowChoices, startWorkflowFor, WORKFLOW_START_JOB } from './pipeline-start';
/** Apps: install and uninstall workflows. */
export { archiveWorkflow, createWorkflow, deleteArchivedWorkflow } from './definitions-write';
