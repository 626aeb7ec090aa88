import { useState } from 'react';
import { Button, Select, SegmentedControl, Stack, Text, TextInput } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { notifications } from '@mantine/notifications';
import { useQuery } from '@tanstack/react-query';
import type { TEntity } from '@esigns/contracts/entities';
import {
  RELATIONSHIP_TYPES,
  RELATIONSHIP_TYPE_LABELS,
  type TRelationshipType,
} from '@esigns/contracts/relationships';
import { isApiError } from '../../shared/api/api-error';
import { AppDialog } from '../../shared/ui/app-dialog';
import { ENTITY_KEYS, fetchEntities } from '../entities/entities-api';
import { ErrorAlert, errorText } from '../../shared/ui/page-kit';
import { createRelationship } from './relationships-api';

export type RelationshipFormDialogProps = {
  opened: boolean;
  onClose: () => void;
  entity: TEntity;
  onCreated: () => Promise<unknown>;
};

type Draft = {
  otherId: string | null;
  /** Whether this entity is the parent (its records list the other's as children). */
  isParent: boolean;
  type: TRelationshipType;
  parentLabel: string;
  childLabel: string;
};

const EMPTY: Draft = { otherId: null, isParent: true, type: 'ONE_TO_MANY', parentLabel: '', childLabel: '' };

/** What a type means with the two entity names, for the type picker. */
export function typeDescription(type: TRelationshipType, parent: string, child: string): string {
  switch (type) {
    case 'ONE_TO_ONE':
      return `Each ${parent} record links at most one ${child} record, and each ${child} record one ${parent} record.`;
    case 'ONE_TO_MANY':
      return `Each ${parent} record links many ${child} records; each ${child} record belongs to one ${parent} record.`;
    case 'MANY_TO_MANY':
      return `Records link freely both ways.`;
  }
}

/** "Add relationship": the other entity, which side is the parent, the type and the tab labels. */
export function RelationshipFormDialog({ opened, onClose, entity, onCreated }: RelationshipFormDialogProps) {
  const [draft, setDraft] = useState<Draft>(EMPTY);
  const [search, setSearch] = useState('');
  const [debounced] = useDebouncedValue(search, 300);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [failure, setFailure] = useState<unknown>(null);
  const [isSaving, setSaving] = useState(false);
  const query = { page: 1, limit: 100, search: debounced || undefined };
  const entities = useQuery({
    queryKey: ENTITY_KEYS.list(query),
    queryFn: ({ signal }) => fetchEntities(query, signal),
    enabled: opened,
  });
  const others = (entities.data?.data ?? []).filter((e) => e._id !== entity._id);
  const otherName = others.find((e) => e._id === draft.otherId)?.name ?? null;
  const shownOther = otherName ?? "the related entity's";
  const [parentName, childName] = draft.isParent ? [entity.name, shownOther] : [shownOther, entity.name];
  const set = (patch: Partial<Draft>, ...keys: string[]) => {
    setDraft((current) => ({ ...current, ...patch }));
    setErrors((current) => Object.fromEntries(Object.entries(current).filter(([k]) => !keys.includes(k))));
  };

  const close = () => {
    setDraft(EMPTY);
    setErrors({});
    setFailure(null);
    onClose();
  };

  const save = async () => {
    if (!draft.otherId) {
      setErrors({ child_entity_id: 'Choose the related entity' });
      return;
    }
    setSaving(true);
    setFailure(null);
    try {
      const [parentId, childId] = draft.isParent ? [entity._id, draft.otherId] : [draft.otherId, entity._id];
      await createRelationship(parentId, {
        child_entity_id: childId,
        relationship_type: draft.type,
        parent_label: draft.parentLabel.trim() || undefined,
        child_label: draft.childLabel.trim() || undefined,
      });
      await onCreated();
      notifications.show({ color: 'teal', message: `${parentName} and ${childName} are now related` });
      close();
    } catch (err) {
      if (isApiError(err) && err.isValidation) setErrors(err.fieldErrors);
      setFailure(err);
    } finally {
      setSaving(false);
    }
  };

  return (
    <AppDialog
      opened={opened}
      onClose={close}
      title="Add relationship"
      size="md"
      footer={
        <>
          <Button variant="default" onClick={close} disabled={isSaving}>
            Cancel
          </Button>
          <Button onClick={() => void save()} loading={isSaving}>
            Add relationship
          </Button>
        </>
      }
    >
      <Stack gap="md">
        {Boolean(failure) && !(isApiError(failure) && failure.isValidation) && (
          <ErrorAlert>{errorText(failure)}</ErrorAlert>
        )}
        <Select
          label="Related entity"
          placeholder="Choose an entity"
          searchable
          searchValue={search}
          onSearchChange={setSearch}
          nothingFoundMessage={entities.isPending ? 'Loading…' : 'No other entities'}
          data={others.map((e) => ({ value: e._id, label: e.name }))}
          value={draft.otherId}
          onChange={(value) => set({ otherId: value }, 'child_entity_id')}
          error={errors.child_entity_id}
          required
        />
        <Stack gap={4}>
          <Text size="sm" fw={500}>
            {entity.name} is the
          </Text>
          <SegmentedControl
            aria-label={`${entity.name} is the`}
            value={draft.isParent ? 'parent' : 'child'}
            onChange={(value) => set({ isParent: value === 'parent' })}
            data={[
              { value: 'parent', label: 'Parent' },
              { value: 'child', label: 'Child' },
            ]}
          />
        </Stack>
        <Select
          label="Type"
          data={RELATIONSHIP_TYPES.map((type) => ({ value: type, label: RELATIONSHIP_TYPE_LABELS[type] }))}
          value={draft.type}
          allowDeselect={false}
          onChange={(value) => value && set({ type: value as TRelationshipType }, 'relationship_type')}
          description={
            otherName
              ? typeDescription(draft.type, parentName, childName)
              : 'Choose the related entity to see what each type means.'
          }
          error={errors.relationship_type}
        />
        <TextInput
          label={`Tab label on ${parentName} records`}
          placeholder={otherName ? childName : undefined}
          value={draft.parentLabel}
          onChange={(event) => set({ parentLabel: event.currentTarget.value }, 'parent_label')}
          error={errors.parent_label}
          maxLength={60}
        />
        <TextInput
          label={`Tab label on ${childName} records`}
          placeholder={otherName ? parentName : undefined}
          value={draft.childLabel}
          onChange={(event) => set({ childLabel: event.currentTarget.value }, 'child_label')}
          error={errors.child_label}
          maxLength={60}
        />
      </Stack>
    </AppDialog>
  );
}
