import { Anchor, Badge, Button, Group, NativeSelect, Text } from '@mantine/core';
import { IconArrowLeft, IconDeviceFloppy, IconExternalLink } from '@tabler/icons-react';
import { Link } from 'react-router';
import type { TFormBuilder, TFormStatus } from '@esigns/contracts/form-builders';
import { PageHeader } from '../../../shared/ui/page-kit';
import { formPaths } from '../form-builders-api';
import { FORM_STATUS_COLORS, FORM_STATUS_LABELS, optionsOf } from '../form-labels';
import type { FormDraft } from './form-draft';

type Props = {
  saved: TFormBuilder | null;
  draft: FormDraft;
  onDraft: (patch: Partial<FormDraft>) => void;
  onSave: () => void;
  isSaving: boolean;
};

/** The way back to the list, the form's code and saved status, its status to save and Save. */
export function BuilderHeader({ saved, draft, onDraft, onSave, isSaving }: Props) {
  const description = (
    <Group gap="xs" wrap="wrap">
      <Anchor component={Link} to="/formBuilders" size="sm">
        <Group gap={4} wrap="nowrap">
          <IconArrowLeft size={14} /> Forms
        </Group>
      </Anchor>
      {saved && (
        <>
          <Text size="sm" c="dimmed" ff="monospace">
            {saved.code}
          </Text>
          <Badge size="sm" variant="light" color={FORM_STATUS_COLORS[saved.status]}>
            {FORM_STATUS_LABELS[saved.status]}
          </Badge>
          {saved.status === 'ACTIVE' && (
            <Anchor component={Link} to={formPaths.fill(saved)} size="sm">
              <Group gap={4} wrap="nowrap">
                Open the form <IconExternalLink size={14} />
              </Group>
            </Anchor>
          )}
        </>
      )}
    </Group>
  );
  return (
    <PageHeader
      title={saved ? 'Edit form' : 'New form'}
      description={description}
      actions={
        <>
          <NativeSelect
            aria-label="Status"
            data={optionsOf(FORM_STATUS_LABELS)}
            value={draft.status}
            onChange={(event) => onDraft({ status: event.currentTarget.value as TFormStatus })}
            w={130}
          />
          <Button leftSection={<IconDeviceFloppy size={16} />} onClick={onSave} loading={isSaving}>
            {saved ? 'Save' : 'Create form'}
          </Button>
        </>
      }
    />
  );
}
