import { useState } from 'react';
import { Button, Skeleton, Stack } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { isApiError } from '../../shared/api/api-error';
import { AppDialog } from '../../shared/ui/app-dialog';
import { useEntity, type RecordValues } from '../entities/entities-api';
import { RecordForm, errorsByTemplate, validateRecord, type TemplateErrors } from '../entities/record-form';
import { useEntityTemplates } from '../entities/use-entity-templates';
import { ErrorAlert, errorText } from '../../shared/ui/page-kit';
import { assignNewRecord, type LinkDialogProps } from './relationships-api';

export type AddRelatedDialogProps = LinkDialogProps;

/**
 * "Add new": the related entity's primary template as a form, checked by the shared validator,
 * saved and linked in one call (`assign-fields-data`); the server's 422 details show on the fields.
 */
export function AddRelatedDialog({
  opened,
  onClose,
  entityId,
  target,
  relationship,
  onDone,
}: AddRelatedDialogProps) {
  const otherId = relationship.entity_id;
  const other = useEntity(opened ? otherId : '');
  const primary = useEntityTemplates(opened ? otherId : '').filter(
    (t) => t._id === other.data?.primary_template_id,
  );
  const [values, setValues] = useState<RecordValues>({});
  const [errors, setErrors] = useState<TemplateErrors>({});
  const [failure, setFailure] = useState<unknown>(null);
  const [isSaving, setSaving] = useState(false);

  const close = () => {
    setValues({});
    setErrors({});
    setFailure(null);
    onClose();
  };

  const save = async () => {
    const template = primary[0];
    if (!template) return;
    const problems = validateRecord(primary, values, true);
    setErrors(problems);
    setFailure(null);
    if (Object.keys(problems).length > 0) return;
    setSaving(true);
    try {
      const { record } = await assignNewRecord(entityId, target, {
        [template._id]: values[template._id] ?? {},
      });
      await onDone();
      notifications.show({
        color: 'teal',
        message: `${record.title || relationship.entity_name} added and linked`,
      });
      close();
    } catch (err) {
      if (isApiError(err) && err.isValidation) setErrors(errorsByTemplate(err.fieldErrors));
      setFailure(err);
    } finally {
      setSaving(false);
    }
  };

  const loadError = other.error;
  return (
    <AppDialog
      opened={opened}
      onClose={close}
      title={`New ${relationship.entity_name} record`}
      size="xl"
      confirmCancel={Object.keys(values).length > 0}
      footer={
        <>
          <Button variant="default" onClick={close} disabled={isSaving}>
            Cancel
          </Button>
          <Button onClick={() => void save()} loading={isSaving} disabled={primary.length === 0}>
            Save and link
          </Button>
        </>
      }
    >
      <Stack gap="md">
        {Boolean(failure) && (
          <ErrorAlert>
            {isApiError(failure) && failure.isValidation
              ? 'Some values need your attention.'
              : errorText(failure)}
          </ErrorAlert>
        )}
        {loadError ? (
          <ErrorAlert>{errorText(loadError)}</ErrorAlert>
        ) : primary.length === 0 ? (
          <Skeleton h={200} />
        ) : (
          <RecordForm
            entityId={otherId}
            templates={primary}
            values={values}
            errors={errors}
            onChange={setValues}
            onFieldChange={(templateId, key) =>
              setErrors((current) => {
                const rest = { ...(current[templateId] ?? {}) };
                delete rest[key];
                return { ...current, [templateId]: rest };
              })
            }
          />
        )}
      </Stack>
    </AppDialog>
  );
}
