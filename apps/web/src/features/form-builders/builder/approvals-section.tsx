import { Button, Stack, Text } from '@mantine/core';
import { IconPlus } from '@tabler/icons-react';
import type { TApprovalLevel } from '@esigns/contracts/form-builders';
import { LevelCard, NEW_APPROVER } from './approval-level';
import { errorsUnder } from './form-draft';
import type { SectionProps } from './section-props';

const MAX_LEVELS = 10;

/** The approval chain: levels in order, each with its approvers and rule; none: entries need no approval. */
export function ApprovalsSection({ draft, errors, onSettings }: SectionProps) {
  const levels = draft.settings.approval_levels;
  const setLevels = (approval_levels: TApprovalLevel[]) => onSettings({ approval_levels });
  const dataSteps = draft.steps.filter((step) => step.type === 'TEMPLATE' || step.type === 'ENTITY');
  const add = () =>
    setLevels([
      ...levels,
      { name: '', rule: 'ANY', approvers: [NEW_APPROVER.COMPANY_USER], send_back_on_reject: false },
    ]);
  return (
    <Stack gap="md">
      <Text size="sm" c="dimmed">
        {levels.length === 0
          ? 'Entries are final once submitted. Add a level to have them approved first.'
          : 'Each level decides in turn; a rejection ends the entry unless it is sent back.'}
      </Text>
      {levels.map((level, index) => (
        <LevelCard
          key={index}
          level={level}
          index={index}
          steps={dataSteps}
          errors={errorsUnder(errors, `settings.approval_levels.${index}`)}
          onChange={(next) => setLevels(levels.map((l, i) => (i === index ? next : l)))}
          onRemove={() => setLevels(levels.filter((_, i) => i !== index))}
        />
      ))}
      {errors['settings.approval_levels'] && (
        <Text size="sm" c="red">
          {errors['settings.approval_levels']}
        </Text>
      )}
      <Button
        variant="light"
        leftSection={<IconPlus size={16} />}
        onClick={add}
        disabled={levels.length >= MAX_LEVELS}
        w="fit-content"
      >
        Add approval level
      </Button>
    </Stack>
  );
}
