import { INTEGRATION_EVENT_LABELS } from '@esigns/contracts/integration-events';
import type {
  TCreatePipelineRequest,
  TPipelineSchedule,
  TPipelineTrigger,
  TPipeline,
  TPipelineAction,
  TPipelineActionType,
  TPipelineCondition,
} from '@esigns/contracts/pipelines';

/** The editor's state: a pipeline as the form holds it (each action with a key for the list). */
export type KeyedAction = TPipelineAction & { key: string };
export type Draft = {
  name: string;
  enabled: boolean;
  trigger: TPipelineTrigger;
  entity_id: string | null;
  /** `schedule` triggers. */
  schedule: TPipelineSchedule | null;
  conditions: TPipelineCondition[];
  actions: KeyedAction[];
};

let nextKey = 0;
export const keyed = (action: TPipelineAction): KeyedAction => ({ ...action, key: `a${++nextKey}` });

export const EMPTY_DRAFT: Draft = {
  name: '',
  enabled: true,
  trigger: 'record.created',
  entity_id: null,
  schedule: null,
  conditions: [],
  actions: [],
};

export const draftOf = (pipeline: TPipeline): Draft => ({
  name: pipeline.name,
  enabled: pipeline.enabled,
  trigger: pipeline.trigger,
  entity_id: pipeline.entity_id,
  schedule: pipeline.schedule,
  conditions: pipeline.conditions,
  actions: pipeline.actions.map(keyed),
});

/** What the API takes (keys dropped). */
export const bodyOf = (draft: Draft): TCreatePipelineRequest => ({
  name: draft.name,
  enabled: draft.enabled,
  trigger: draft.trigger,
  entity_id: draft.entity_id,
  schedule: draft.trigger === 'schedule' ? draft.schedule : null,
  conditions: draft.conditions,
  actions: draft.actions.map(({ key: _key, ...action }) => action as TPipelineAction),
});

/** A new action of a type, empty. */
export function newAction(type: TPipelineActionType): KeyedAction {
  switch (type) {
    case 'create_record':
      return keyed({ type, entity_id: '', values: {} });
    case 'update_record':
      return keyed({ type, record_id: '', values: {} });
    case 'send_email':
      return keyed({ type, template_id: '', to: '' });
    case 'start_workflow':
      return keyed({ type, workflow_id: '', contact_email: '' });
    case 'call_webhook':
      return keyed({ type, url: '', body: '' });
    case 'send_document':
      return keyed({ type, template_id: '', recipients: {} });
  }
}

/** A new schedule: every day at 09:00 in the browser's time zone. */
export function defaultSchedule(): TPipelineSchedule {
  return {
    every: 'day',
    at: '09:00',
    weekday: 1,
    day: 1,
    timezone: Intl.DateTimeFormat().resolvedOptions().timeZone || 'Asia/Kolkata',
  };
}

/** The trigger as the lists write it. */
export function triggerLabel(trigger: TPipelineTrigger): string {
  return trigger === 'schedule' ? 'On a schedule' : INTEGRATION_EVENT_LABELS[trigger];
}
