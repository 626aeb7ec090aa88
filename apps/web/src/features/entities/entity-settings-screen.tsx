import { RECORD_TITLE_FIELD_TYPES } from '@esigns/contracts/entity-input-types';
import { useState } from 'react';
import {
  ActionIcon,
  Anchor,
  Button,
  Checkbox,
  Group,
  MultiSelect,
  Paper,
  Radio,
  Select,
  Stack,
  Table,
  Text,
  TextInput,
  Textarea,
  Title,
} from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { IconArrowDown, IconArrowUp, IconPlus, IconTrash } from '@tabler/icons-react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Link, useNavigate, useParams } from 'react-router';
import { ENTITY_TYPES, type TEntity, type TEntityType } from '@esigns/contracts/entities';
import { isApiError } from '../../shared/api/api-error';
import { usePageTitle } from '../../shared/branding/use-page-title';
import { fetchFormTemplates } from '../form-templates/form-templates-api';
import { ConfirmDialog, ErrorAlert, PageFrame, errorText } from '../../shared/ui/page-kit';
import { useCan } from '../../shared/permissions/use-can';
import {
  ENTITY_KEYS,
  deleteEntity,
  updateEntity,
  useEntity,
  useTemplateFields,
  type EntityDraft,
} from './entities-api';
import { RelationshipsPanel } from '../relationships';
import { entityPath } from './paths';
import { queryGate } from './query-gate';

const draftOf = (entity: TEntity): EntityDraft => ({
  name: entity.name,
  description: entity.description,
  entity_type: entity.entity_type,
  icon: entity.icon,
  templates: entity.templates.map((t) => ({
    template_id: t.template_id,
    is_primary: t.is_primary,
    hidden_on_add: t.hidden_on_add,
  })),
  display_field: entity.display_field,
  duplicate_rules: entity.duplicate_rules,
  version: entity.version,
});

/** `/entity/edit/{id}` and `/entity/view/{id}`: what an entity is made of, and deleting it. */
export function EntitySettingsScreen() {
  const { entity_id: entityId = '' } = useParams();
  const { can } = useCan();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const entity = useEntity(entityId);
  const fields = useTemplateFields(entityId);
  // Edits over the loaded entity (null: nothing edited since it loaded or saved).
  const [edited, setDraft] = useState<EntityDraft | null>(null);
  const draft = edited ?? (entity.data ? draftOf(entity.data) : null);
  const [error, setError] = useState<unknown>(null);
  const [saving, setSaving] = useState(false);
  const [deleting, setDeleting] = useState<'ask' | 'confirm' | null>(null);
  const [deleteError, setDeleteError] = useState<unknown>(null);
  const editable = can('entities:update');
  usePageTitle(entity.data ? `${entity.data.name} settings` : 'Entity settings');
  const templates = useQuery({
    queryKey: ['form-templates', 'picker', 'all'],
    queryFn: ({ signal }) => fetchFormTemplates({ page: 1, limit: 200, type: 'CUSTOM' }, signal),
    enabled: editable,
  });

  const gate = queryGate(entity, 'The entity could not be loaded', 360, Boolean(draft));
  if (gate || !entity.data || !draft) return gate;
  const fieldErrors = isApiError(error) ? error.fieldErrors : {};
  const names = new Map([
    ...(templates.data?.data ?? []).map((t) => [t._id, t.name] as const),
    ...entity.data.templates.map((t) => [t.template_id, t.name] as const),
  ]);
  const primaryId = draft.templates.find((t) => t.is_primary)?.template_id ?? draft.templates[0]?.template_id;
  const fieldOptions = (fields.data ?? []).map((f) => ({
    value: f.ref,
    label: `${f.label} (${f.template_name})`,
  }));
  const displayOptions = (fields.data ?? [])
    .filter((f) => f.template_id === primaryId && RECORD_TITLE_FIELD_TYPES.includes(f.type))
    .map((f) => ({ value: f.key, label: f.label }));
  const set = (patch: Partial<EntityDraft>) => setDraft({ ...draft, ...patch });
  const move = (index: number, by: number) => {
    const next = [...draft.templates];
    const [item] = next.splice(index, 1);
    next.splice(index + by, 0, item!);
    set({ templates: next });
  };

  const save = async () => {
    setSaving(true);
    setError(null);
    try {
      const saved = await updateEntity(entityId, draft);
      queryClient.setQueryData(ENTITY_KEYS.one(entityId), saved);
      setDraft(null);
      await queryClient.invalidateQueries({ queryKey: ENTITY_KEYS.all });
      notifications.show({ color: 'teal', message: 'Entity saved' });
    } catch (err) {
      setError(err);
    } finally {
      setSaving(false);
    }
  };

  const remove = async (force: boolean) => {
    setDeleteError(null);
    try {
      await deleteEntity(entityId, force);
      await queryClient.invalidateQueries({ queryKey: ENTITY_KEYS.all });
      notifications.show({ color: 'teal', message: `${entity.data!.name} deleted` });
      void navigate('/entity');
    } catch (err) {
      if (!force && isApiError(err) && err.status === 409) setDeleting('confirm');
      setDeleteError(err);
    }
  };

  return (
    <PageFrame
      title={`${entity.data.name} settings`}
      description={
        <Anchor component={Link} to={entityPath(entityId)}>
          Back to the records
        </Anchor>
      }
      actions={
        editable && (
          <Button onClick={() => void save()} loading={saving}>
            Save
          </Button>
        )
      }
    >
      {Boolean(error) && <ErrorAlert>{errorText(error)}</ErrorAlert>}
      <Paper withBorder p="md" radius="md">
        <Stack>
          <Group grow align="flex-start">
            <TextInput
              label="Name"
              value={draft.name}
              onChange={(e) => set({ name: e.currentTarget.value })}
              error={fieldErrors.name}
              disabled={!editable}
            />
            <Select
              label="Kind"
              data={ENTITY_TYPES.map((t) => ({ value: t, label: t.charAt(0) + t.slice(1).toLowerCase() }))}
              value={draft.entity_type}
              onChange={(v) => set({ entity_type: (v as TEntityType) ?? 'GENERAL' })}
              allowDeselect={false}
              disabled={!editable}
            />
          </Group>
          <Textarea
            label="Description"
            minRows={1}
            value={draft.description}
            onChange={(e) => set({ description: e.currentTarget.value })}
            disabled={!editable}
          />
          <Select
            label="Record title"
            description="The primary template's field that names each record"
            data={displayOptions}
            value={draft.display_field}
            onChange={(v) => set({ display_field: v })}
            clearable
            error={fieldErrors.display_field}
            disabled={!editable}
          />
        </Stack>
      </Paper>

      <Paper withBorder p="md" radius="md">
        <Title order={4} mb="xs">
          Templates
        </Title>
        <Text size="sm" c="dimmed" mb="sm">
          The sections of a record, in order. The primary template&apos;s required fields must be filled to
          add a record.
        </Text>
        {fieldErrors.templates && <ErrorAlert>{fieldErrors.templates}</ErrorAlert>}
        <Radio.Group
          value={primaryId ?? ''}
          onChange={(id) =>
            set({ templates: draft.templates.map((t) => ({ ...t, is_primary: t.template_id === id })) })
          }
        >
          <Table verticalSpacing="xs">
            <Table.Thead>
              <Table.Tr>
                <Table.Th>Template</Table.Th>
                <Table.Th>Primary</Table.Th>
                <Table.Th>Hidden when adding</Table.Th>
                <Table.Th />
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {draft.templates.map((t, index) => (
                <Table.Tr key={t.template_id}>
                  <Table.Td>
                    <Anchor
                      component={Link}
                      to={`/template/${encodeURIComponent(t.template_id)}/edit`}
                      size="sm"
                    >
                      {names.get(t.template_id) ?? 'Template'}
                    </Anchor>
                    {fieldErrors[`templates.${index}.template_id`] && (
                      <Text size="xs" c="red">
                        {fieldErrors[`templates.${index}.template_id`]}
                      </Text>
                    )}
                  </Table.Td>
                  <Table.Td>
                    <Radio
                      value={t.template_id}
                      aria-label={`Primary: ${names.get(t.template_id)}`}
                      disabled={!editable}
                    />
                  </Table.Td>
                  <Table.Td>
                    <Checkbox
                      aria-label={`Hidden when adding: ${names.get(t.template_id)}`}
                      checked={t.hidden_on_add}
                      disabled={!editable || t.template_id === primaryId}
                      onChange={(e) =>
                        set({
                          templates: draft.templates.map((x, i) =>
                            i === index ? { ...x, hidden_on_add: e.currentTarget.checked } : x,
                          ),
                        })
                      }
                    />
                  </Table.Td>
                  <Table.Td>
                    {editable && (
                      <Group gap={4} justify="flex-end" wrap="nowrap">
                        <ActionIcon
                          variant="subtle"
                          aria-label="Move up"
                          disabled={index === 0}
                          onClick={() => move(index, -1)}
                        >
                          <IconArrowUp size={14} />
                        </ActionIcon>
                        <ActionIcon
                          variant="subtle"
                          aria-label="Move down"
                          disabled={index === draft.templates.length - 1}
                          onClick={() => move(index, 1)}
                        >
                          <IconArrowDown size={14} />
                        </ActionIcon>
                        <ActionIcon
                          variant="subtle"
                          color="red"
                          aria-label="Remove template"
                          disabled={draft.templates.length === 1}
                          onClick={() => set({ templates: draft.templates.filter((_, i) => i !== index) })}
                        >
                          <IconTrash size={14} />
                        </ActionIcon>
                      </Group>
                    )}
                  </Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Radio.Group>
        {editable && (
          <Select
            mt="sm"
            placeholder="Add a template…"
            aria-label="Add a template"
            searchable
            data={(templates.data?.data ?? [])
              .filter((t) => !draft.templates.some((x) => x.template_id === t._id))
              .map((t) => ({ value: t._id, label: t.name }))}
            value={null}
            onChange={(id) =>
              id &&
              set({
                templates: [...draft.templates, { template_id: id, is_primary: false, hidden_on_add: false }],
              })
            }
            w={320}
          />
        )}
      </Paper>

      <Paper withBorder p="md" radius="md">
        <Title order={4} mb="xs">
          Duplicate rules
        </Title>
        <Text size="sm" c="dimmed" mb="sm">
          Records may not (Block) or should not (Warn) share the values of these fields.
        </Text>
        <Stack gap="xs">
          {draft.duplicate_rules.map((rule, index) => (
            <Group key={index} align="flex-start" wrap="nowrap">
              <MultiSelect
                aria-label={`Rule ${index + 1} fields`}
                data={fieldOptions}
                value={rule.fields}
                onChange={(v) =>
                  set({
                    duplicate_rules: draft.duplicate_rules.map((r, i) =>
                      i === index ? { ...r, fields: v } : r,
                    ),
                  })
                }
                error={fieldErrors[`duplicate_rules.${index}.fields.0`]}
                style={{ flex: 1 }}
                disabled={!editable}
              />
              <Select
                aria-label={`Rule ${index + 1} mode`}
                data={[
                  { value: 'BLOCK', label: 'Block' },
                  { value: 'WARN', label: 'Warn' },
                ]}
                value={rule.mode}
                onChange={(v) =>
                  set({
                    duplicate_rules: draft.duplicate_rules.map((r, i) =>
                      i === index ? { ...r, mode: (v as 'BLOCK' | 'WARN') ?? 'BLOCK' } : r,
                    ),
                  })
                }
                allowDeselect={false}
                w={110}
                disabled={!editable}
              />
              {editable && (
                <ActionIcon
                  mt={6}
                  variant="subtle"
                  color="red"
                  aria-label={`Remove rule ${index + 1}`}
                  onClick={() =>
                    set({ duplicate_rules: draft.duplicate_rules.filter((_, i) => i !== index) })
                  }
                >
                  <IconTrash size={14} />
                </ActionIcon>
              )}
            </Group>
          ))}
          {editable && (
            <Button
              variant="light"
              size="xs"
              w="fit-content"
              leftSection={<IconPlus size={14} />}
              onClick={() =>
                set({ duplicate_rules: [...draft.duplicate_rules, { fields: [], mode: 'BLOCK' }] })
              }
            >
              Add rule
            </Button>
          )}
        </Stack>
      </Paper>

      <RelationshipsPanel entityId={entityId} />

      {can('entities:delete') && (
        <Paper withBorder p="md" radius="md" style={{ borderColor: 'var(--mantine-color-red-4)' }}>
          <Group justify="space-between">
            <div>
              <Title order={5}>Delete this entity</Title>
              <Text size="sm" c="dimmed">
                Its records, their links and saved views go with it.
              </Text>
            </div>
            <Button color="red" variant="light" onClick={() => setDeleting('ask')}>
              Delete entity
            </Button>
          </Group>
        </Paper>
      )}
      <ConfirmDialog
        opened={deleting !== null}
        title={`Delete ${entity.data.name}?`}
        confirmLabel={deleting === 'confirm' ? 'Delete everything' : 'Delete'}
        onConfirm={() => void remove(deleting === 'confirm')}
        onClose={() => {
          setDeleting(null);
          setDeleteError(null);
        }}
        error={deleting === 'confirm' ? null : deleteError}
      >
        {deleting === 'confirm' ? errorText(deleteError) : 'The entity will be deleted.'}
      </ConfirmDialog>
    </PageFrame>
  );
}
