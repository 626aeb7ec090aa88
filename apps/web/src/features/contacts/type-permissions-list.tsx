import { Badge, Checkbox, Group, SegmentedControl, SimpleGrid, Stack, Text } from '@mantine/core';
import { IconDatabase } from '@tabler/icons-react';
import type { TContactRecordScope } from '@esigns/contracts/application-users';
import type { TEntity } from '@esigns/contracts/entities';
import { ListView, type ListColumn, type ListSource } from '../../shared/ui/list-screen';
import {
  RULE_ACTIONS,
  SCOPE_LABELS,
  allowsNothing,
  type EntityRule,
  type RuleAction,
} from './type-permissions';

/* The entities of the permissions editor: a table on wide screens, cards on phones. */

export type RuleBinding = {
  ruleOf: (entityId: string) => EntityRule;
  setRule: (entityId: string, rule: EntityRule) => void;
  problems: Record<string, string>;
  isReadOnly: boolean;
};

function ActionCheck({
  entity,
  action,
  label,
  binding,
  isLabelled = false,
}: {
  entity: TEntity;
  action: RuleAction;
  label: string;
  binding: RuleBinding;
  /** Shows the action's name beside the box (cards; the table has it in its header). */
  isLabelled?: boolean;
}) {
  const rule = binding.ruleOf(entity._id);
  return (
    <Checkbox
      aria-label={`${label} ${entity.name}`}
      label={isLabelled ? label : undefined}
      checked={rule[action]}
      disabled={binding.isReadOnly}
      onChange={(event) => binding.setRule(entity._id, { ...rule, [action]: event.currentTarget.checked })}
    />
  );
}

function ScopeChoice({ entity, binding }: { entity: TEntity; binding: RuleBinding }) {
  const rule = binding.ruleOf(entity._id);
  return (
    <SegmentedControl
      size="xs"
      aria-label={`Records of ${entity.name}`}
      data={(['OWN', 'ALL'] as const).map((value) => ({ value, label: SCOPE_LABELS[value] }))}
      value={rule.scope}
      disabled={binding.isReadOnly || allowsNothing(rule)}
      onChange={(scope) => binding.setRule(entity._id, { ...rule, scope: scope as TContactRecordScope })}
    />
  );
}

function EntityName({ entity, binding }: { entity: TEntity; binding: RuleBinding }) {
  const problem = binding.problems[entity._id];
  return (
    <Stack gap={2}>
      <Group gap="xs" wrap="nowrap">
        <Text size="sm" fw={500} style={{ overflowWrap: 'anywhere' }}>
          {entity.name}
        </Text>
        {allowsNothing(binding.ruleOf(entity._id)) && (
          <Badge size="xs" variant="light" color="gray" style={{ flexShrink: 0, textTransform: 'none' }}>
            Not shown
          </Badge>
        )}
      </Group>
      {problem && (
        <Text size="xs" c="red" role="alert">
          {problem}
        </Text>
      )}
    </Stack>
  );
}

/** The company's entities with the type's rule on each: Read, Create, Edit, Delete and which records. */
export function TypePermissionsList({ list, binding }: { list: ListSource<TEntity>; binding: RuleBinding }) {
  const columns: ListColumn<TEntity>[] = [
    { key: 'entity', header: 'Entity', cell: (entity) => <EntityName entity={entity} binding={binding} /> },
    ...RULE_ACTIONS.map(({ key, label }) => ({
      key,
      header: label,
      width: 64,
      cell: (entity: TEntity) => <ActionCheck entity={entity} action={key} label={label} binding={binding} />,
    })),
    {
      key: 'scope',
      header: 'Records',
      width: 210,
      cell: (entity) => <ScopeChoice entity={entity} binding={binding} />,
    },
  ];
  return (
    <ListView
      list={list}
      errorTitle="Could not load the entities"
      empty={{
        testId: 'type-permissions-empty',
        icon: IconDatabase,
        title: 'No entities yet',
        text: 'Entities are the kinds of records your company keeps (properties, leases, invoices). Add one under Entities, then choose what contacts may do with its records.',
        filtered: { title: 'No matching entities', text: 'No entity name matches your search.' },
      }}
      columns={columns}
      minWidth={620}
      rowTestId="type-permission-row"
      card={(entity) => ({
        title: <EntityName entity={entity} binding={binding} />,
        footer: (
          <Stack gap="xs" mt="xs">
            <SimpleGrid cols={2} spacing="xs" verticalSpacing="xs">
              {RULE_ACTIONS.map(({ key, label }) => (
                <ActionCheck
                  key={key}
                  entity={entity}
                  action={key}
                  label={label}
                  binding={binding}
                  isLabelled
                />
              ))}
            </SimpleGrid>
            <ScopeChoice entity={entity} binding={binding} />
          </Stack>
        ),
      })}
    />
  );
}
