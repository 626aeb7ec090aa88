import {
  ActionIcon,
  Button,
  Checkbox,
  Group,
  Menu,
  Paper,
  SegmentedControl,
  Stack,
  Text,
  TextInput,
} from '@mantine/core';
import { IconPlus, IconTrash } from '@tabler/icons-react';
import {
  APPROVER_KINDS,
  type TApprovalLevel,
  type TApprover,
  type TApproverKind,
} from '@esigns/contracts/form-builders';
import { errorsUnder, type DraftErrors, type DraftStep } from './form-draft';
import { APPROVER_KIND_LABELS, ApproverRow } from './approver-row';

export const NEW_APPROVER: Record<TApproverKind, TApprover> = {
  COMPANY_USER: { kind: 'COMPANY_USER', user_id: '' },
  USER_TYPE: { kind: 'USER_TYPE', user_type: 'ADMIN' },
  CONTACT: { kind: 'CONTACT', contact_id: '' },
  FIELD_EMAIL: { kind: 'FIELD_EMAIL', step_id: '', field: '' },
};
type LevelProps = {
  level: TApprovalLevel;
  index: number;
  steps: readonly DraftStep[];
  errors: DraftErrors;
  onChange: (level: TApprovalLevel) => void;
  onRemove: () => void;
};

/** One level of the chain: its name, ANY/ALL, its approvers and what a rejection does. */
export function LevelCard({ level, index, steps, errors, onChange, onRemove }: LevelProps) {
  const n = index + 1;
  const setApprovers = (approvers: TApprover[]) => onChange({ ...level, approvers });
  return (
    <Paper withBorder radius="md" p="sm" data-testid="approval-level">
      <Stack gap="sm">
        <Group justify="space-between" wrap="nowrap">
          <Text fw={600} size="sm">
            Level {n}
          </Text>
          <ActionIcon variant="subtle" color="red" aria-label={`Remove level ${n}`} onClick={onRemove}>
            <IconTrash size={16} />
          </ActionIcon>
        </Group>
        <Group gap="sm" align="flex-end" wrap="wrap">
          <TextInput
            label="Name"
            placeholder={`Level ${n}`}
            value={level.name}
            onChange={(e) => onChange({ ...level, name: e.currentTarget.value })}
            error={errors.name}
            style={{ flex: 1, minWidth: 180 }}
          />
          <SegmentedControl
            value={level.rule}
            onChange={(rule) => onChange({ ...level, rule: rule as TApprovalLevel['rule'] })}
            data={[
              { value: 'ANY', label: 'Any one approves' },
              { value: 'ALL', label: 'All approve' },
            ]}
          />
        </Group>
        {level.approvers.map((approver, i) => (
          <ApproverRow
            key={i}
            approver={approver}
            label={`Level ${n} approver ${i + 1}`}
            steps={steps}
            errors={errorsUnder(errors, `approvers.${i}`)}
            onChange={(next) => setApprovers(level.approvers.map((a, j) => (j === i ? next : a)))}
            onRemove={() => setApprovers(level.approvers.filter((_, j) => j !== i))}
          />
        ))}
        {errors.approvers && (
          <Text size="xs" c="red">
            {errors.approvers}
          </Text>
        )}
        <Menu position="bottom-start" withinPortal>
          <Menu.Target>
            <Button size="compact-sm" variant="subtle" leftSection={<IconPlus size={14} />} w="fit-content">
              Add approver
            </Button>
          </Menu.Target>
          <Menu.Dropdown>
            {APPROVER_KINDS.map((kind) => (
              <Menu.Item key={kind} onClick={() => setApprovers([...level.approvers, NEW_APPROVER[kind]])}>
                {APPROVER_KIND_LABELS[kind]}
              </Menu.Item>
            ))}
          </Menu.Dropdown>
        </Menu>
        <Checkbox
          label="A rejection sends the entry back to its filler for changes (instead of ending it)"
          checked={level.send_back_on_reject}
          onChange={(e) => onChange({ ...level, send_back_on_reject: e.currentTarget.checked })}
        />
      </Stack>
    </Paper>
  );
}
