import { useState } from 'react';
import { Alert, Button, Group, Text } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { IconInfoCircle } from '@tabler/icons-react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { TEntityPermissionRule } from '@esigns/contracts/application-users';
import type { TContactType } from '@esigns/contracts/contacts';
import type { TEntity } from '@esigns/contracts/entities';
import { isApiError } from '../../shared/api/api-error';
import { FormDialog } from '../../shared/ui/form-dialog';
import { SearchField, useListQuery } from '../../shared/ui/list-screen';
import { ENTITY_KEYS, fetchEntities } from '../entities/entities-api';
import { fetchTypePermissions, saveTypePermissions, typePermissionsKey } from './type-permissions-api';
import {
  NO_RULE,
  changedRules,
  problemsByEntity,
  ruleProblem,
  savedRules,
  type EntityRule,
} from './type-permissions';
import { TypePermissionsList } from './type-permissions-list';

const PAGE_SIZE = 20;

function ScopeHelp() {
  return (
    <Alert variant="light" color="blue" icon={<IconInfoCircle size={18} />} p="sm">
      <Text size="sm">
        Contacts of this type see only the entities ticked here, in their contact area. <b>Own records</b>:
        their account record, records that link to it (through an entity field or a relationship) and records
        they added themselves. <b>All records</b>: every record of the entity in your company.
      </Text>
    </Alert>
  );
}

/** Asked when the dialog is closed with changes not saved: keep editing, or drop them. */
function DiscardPrompt({
  count,
  onKeep,
  onDiscard,
}: {
  count: number;
  onKeep: () => void;
  onDiscard: () => void;
}) {
  return (
    <Alert variant="light" color="yellow" p="sm" role="alertdialog" aria-label="Unsaved changes">
      <Text size="sm" mb="xs">
        {count === 1 ? '1 change is' : `${count} changes are`} not saved. Close and lose{' '}
        {count === 1 ? 'it' : 'them'}?
      </Text>
      <Group gap="xs">
        <Button size="xs" variant="default" onClick={onKeep}>
          Keep editing
        </Button>
        <Button size="xs" color="red" onClick={onDiscard}>
          Discard changes
        </Button>
      </Group>
    </Alert>
  );
}

/**
 * The entity permissions of a contact type (`/application-user/permissions*`): what its contacts may
 * do with each entity's records in the contact area. Changes on any page are kept until saved.
 */
export function TypePermissionsDialog({
  type,
  canEdit,
  onClose,
}: {
  type: TContactType;
  canEdit: boolean;
  onClose: () => void;
}) {
  const queryClient = useQueryClient();
  const rules = useQuery({
    queryKey: typePermissionsKey(type._id),
    queryFn: ({ signal }) => fetchTypePermissions(type._id, signal),
  });
  const entities = useListQuery<TEntity>({
    pageSize: PAGE_SIZE,
    queryKey: (params) => ENTITY_KEYS.list(params),
    queryFn: (params, signal) => fetchEntities(params, signal),
  });
  const [drafts, setDrafts] = useState<Record<string, EntityRule>>({});
  const [problems, setProblems] = useState<Record<string, string>>({});
  const saved = savedRules(rules.data);
  const changes = changedRules(saved, drafts);

  const save = useMutation({
    mutationFn: (sent: TEntityPermissionRule[]) => saveTypePermissions(type._id, sent),
    onSuccess: (next) => {
      queryClient.setQueryData(typePermissionsKey(type._id), next);
      notifications.show({ color: 'teal', title: 'Entity permissions saved', message: type.name });
      onClose();
    },
    onError: (error, sent) => {
      if (isApiError(error) && error.isValidation) setProblems(problemsByEntity(sent, error.fieldErrors));
    },
  });

  const submit = () => {
    const found: Record<string, string> = {};
    for (const change of changes) {
      const problem = ruleProblem(change);
      if (problem) found[change.entity_id] = problem;
    }
    setProblems(found);
    if (Object.keys(found).length === 0) save.mutate(changes);
  };

  const binding = {
    ruleOf: (entityId: string) => drafts[entityId] ?? saved.get(entityId) ?? NO_RULE,
    setRule: (entityId: string, rule: EntityRule) => {
      setDrafts((current) => ({ ...current, [entityId]: rule }));
      setProblems(({ [entityId]: _fixed, ...others }) => others);
      save.reset();
    },
    problems,
    isReadOnly: !canEdit,
  };
  const failed = rules.isError ? rules : entities.query;
  const list = {
    query: {
      isError: failed.isError,
      isPending: rules.isPending || entities.query.isPending,
      error: failed.error,
      refetch: failed.refetch,
    },
    rows: entities.rows,
    pager: entities.pager,
    isFiltered: entities.isFiltered,
  };
  const count = changes.length;
  // Closing with changes not saved asks first (the X, Escape, a click outside, Cancel).
  const [askingToDiscard, setAskingToDiscard] = useState(false);
  const close = () => (count > 0 && !save.isPending ? setAskingToDiscard(true) : onClose());

  return (
    <FormDialog
      title={`Entity permissions: ${type.name}`}
      size="xl"
      onClose={close}
      confirmLabel={count > 0 ? `Save ${count} ${count === 1 ? 'change' : 'changes'}` : 'Save'}
      form={canEdit ? { id: 'type-permissions', label: 'Entity permissions', onSubmit: submit } : undefined}
      footer={
        canEdit ? undefined : (
          <Button variant="default" onClick={onClose}>
            Close
          </Button>
        )
      }
      isPending={save.isPending}
      isConfirmDisabled={count === 0}
      error={save.error && Object.keys(problems).length === 0 ? save.error : undefined}
      intro={
        askingToDiscard && count > 0 ? (
          <DiscardPrompt count={count} onKeep={() => setAskingToDiscard(false)} onDiscard={onClose} />
        ) : (
          <ScopeHelp />
        )
      }
    >
      <SearchField label="Search entities" placeholder="Search entities" {...entities.bind('search')} />
      <TypePermissionsList list={list} binding={binding} />
    </FormDialog>
  );
}
