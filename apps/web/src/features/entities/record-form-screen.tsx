import { useMemo, useState } from 'react';
import { Alert, Button, Group, Skeleton, Stack } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useQueryClient } from '@tanstack/react-query';
import { useNavigate, useParams, useSearchParams } from 'react-router';
import { PRIMARY_FIELDS_REQUIRED } from '@esigns/contracts/entities';
import { isApiError } from '../../shared/api/api-error';
import { usePageTitle } from '../../shared/branding/use-page-title';
import { LoadError, PageFrame, errorText } from '../../shared/ui/page-kit';
import {
  ENTITY_KEYS,
  createRecord,
  updateRecordTemplate,
  useEntity,
  useRecord,
  type RecordValues,
} from './entities-api';
import { useEntityArea } from './entity-area';
import { EntityTitleIcon } from './entity-title-icon';
import { RecordForm, errorsByTemplate, validateRecord, type TemplateErrors } from './record-form';
import { useEntityCustomization } from './use-customization';
import { useEntityTemplates } from './use-entity-templates';

/**
 * Adding a record (`/entity/{id}/add`, `/entity-execute/{id}[/{template_code}]`) and editing one
 * (`/entity/{id}/edit?dataId=`, `/entityData-Edit/{id}[/{template_code}]?dataId=`). With a template
 * code only that template's section shows. A new record saves every section in one call; an edit
 * saves each changed section.
 */
export function RecordFormScreen() {
  const { entity_id: entityId = '', template_code: templateCode } = useParams();
  const [params] = useSearchParams();
  const recordId = params.get('dataId');
  const navigate = useNavigate();
  const { paths } = useEntityArea();
  const queryClient = useQueryClient();
  const entity = useEntity(entityId);
  const record = useRecord(recordId);
  const allTemplates = useEntityTemplates(entityId);
  const { look, accent } = useEntityCustomization(entityId);
  /** What one record is called: the customization's singular label, else the entity's name. */
  const singular = look.labels.singular ?? entity.data?.name;
  // Edits over the loaded record (null: nothing edited yet).
  const [edited, setValues] = useState<RecordValues | null>(null);
  const values: RecordValues = edited ?? record.data?.values ?? {};
  const [errors, setErrors] = useState<TemplateErrors>({});
  const [failure, setFailure] = useState<unknown>(null);
  const [saving, setSaving] = useState(false);
  const isEdit = Boolean(recordId);
  usePageTitle(isEdit ? `Edit ${record.data?.title ?? 'record'}` : `Add ${singular ?? 'record'}`);

  const templates = useMemo(() => {
    const hidden = new Set(entity.data?.templates.filter((t) => t.hidden_on_add).map((t) => t.template_id));
    return allTemplates.filter(
      (t) => !t.is_repeatable && (templateCode ? t.code === templateCode : isEdit || !hidden.has(t._id)),
    );
  }, [allTemplates, entity.data, templateCode, isEdit]);

  const loadError = entity.error ?? record.error;
  if (loadError)
    return (
      <LoadError
        error={loadError}
        title="The record could not be loaded"
        onRetry={() => void entity.refetch()}
      />
    );
  const ready = entity.data && templates.length > 0 && (!isEdit || record.data);

  const save = async () => {
    if (!entity.data) return;
    const problems = validateRecord(templates, values, !isEdit);
    setErrors(problems);
    setFailure(null);
    if (Object.keys(problems).length > 0) return;
    setSaving(true);
    try {
      let id = recordId;
      if (!isEdit) {
        const sent = Object.fromEntries(templates.map((t) => [t._id, values[t._id] ?? {}]));
        id = (await createRecord(entityId, sent))._id;
      } else {
        for (const template of templates) {
          const changed =
            JSON.stringify(values[template._id] ?? {}) !==
            JSON.stringify(record.data?.values[template._id] ?? {});
          if (!changed) continue;
          await updateRecordTemplate(recordId!, template._id, values[template._id] ?? {}).catch(
            (err: unknown) => {
              if (isApiError(err)) setErrors(errorsByTemplate(err.fieldErrors, template._id));
              throw err;
            },
          );
        }
      }
      await queryClient.invalidateQueries({ queryKey: ENTITY_KEYS.all });
      notifications.show({ color: 'teal', message: isEdit ? 'Record saved' : `${singular} added` });
      void navigate(paths.record(entityId, id!, 'view'));
    } catch (err) {
      if (isApiError(err) && !isEdit) setErrors(errorsByTemplate(err.fieldErrors));
      setFailure(err);
    } finally {
      setSaving(false);
    }
  };

  return (
    <PageFrame
      title={isEdit ? `Edit ${record.data?.title || singular || 'record'}` : `Add ${singular ?? 'record'}`}
      icon={
        entity.data ? (
          <EntityTitleIcon icon={look.icon} entityIcon={entity.data.icon} accent={accent} />
        ) : undefined
      }
      description={
        singular ? `Required fields of the primary template name the ${singular.toLowerCase()}.` : undefined
      }
    >
      {!ready ? (
        <Skeleton h={320} />
      ) : (
        <Stack>
          {Boolean(failure) && (
            <Alert
              color="red"
              title={
                isApiError(failure) && failure.message === PRIMARY_FIELDS_REQUIRED
                  ? 'Fill in the primary fields'
                  : 'Not saved'
              }
            >
              {errorText(failure)}
            </Alert>
          )}
          <RecordForm
            entityId={entityId}
            templates={templates}
            values={values}
            errors={errors}
            onChange={(next) => setValues(next)}
            primaryTemplateId={entity.data?.primary_template_id}
            recordId={recordId ?? undefined}
            onFieldChange={(templateId, key) =>
              setErrors((current) => {
                if (!current[templateId]?.[key]) return current;
                const { [key]: _gone, ...rest } = current[templateId];
                return { ...current, [templateId]: rest };
              })
            }
          />
          <Group justify="flex-end">
            <Button
              variant="default"
              onClick={() =>
                void navigate(recordId ? paths.record(entityId, recordId, 'view') : paths.list(entityId))
              }
            >
              Cancel
            </Button>
            <Button onClick={() => void save()} loading={saving} color={accent} autoContrast>
              {look.buttons.save ?? (isEdit ? 'Save changes' : (look.buttons.add ?? `Add ${singular}`))}
            </Button>
          </Group>
        </Stack>
      )}
    </PageFrame>
  );
}
