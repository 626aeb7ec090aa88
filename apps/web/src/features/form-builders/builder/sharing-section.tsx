import { Alert, Button, Checkbox, Group, NumberInput, SimpleGrid, Stack, Switch, Text } from '@mantine/core';
import { IconLink } from '@tabler/icons-react';
import dayjs from 'dayjs';
import type { TFormBuilder } from '@esigns/contracts/form-builders';
import { useCan } from '../../../shared/permissions/use-can';
import { DateTimeField } from '../../../shared/ui/date-time-field';
import { useCopyFormLink } from '../copy-form-link';
import type { SectionProps } from './section-props';

const LOCAL = 'YYYY-MM-DDTHH:mm';
/** The picker's wall-clock value <-> the ISO instant the API keeps. */
const toLocal = (iso: string | null) => (iso ? dayjs(iso).format(LOCAL) : '');
const toIso = (local: string) => (local ? dayjs(local, LOCAL).toISOString() : null);

/** The public link: offered once the saved form is active and filled by people outside the team. */
function PublicLink({ saved }: { saved: TFormBuilder | null }) {
  const rights = useCan();
  const copy = useCopyFormLink();
  if (!rights.can('form-builders:publish')) return null;
  const isReady = saved?.status === 'ACTIVE';
  return (
    <Group gap="sm" align="center">
      <Button
        variant="light"
        leftSection={<IconLink size={16} />}
        disabled={!isReady}
        loading={copy.isPending}
        onClick={() => saved && copy.mutate(saved._id)}
      >
        Copy public link
      </Button>
      {!isReady && (
        <Text size="xs" c="dimmed">
          Save the form as Active to get its link.
        </Text>
      )}
    </Group>
  );
}

/** Sharing and limits: passcode access, the public link, one entry per person, a cap and the dates. */
export function SharingSection({
  draft,
  errors,
  onSettings,
  saved,
}: SectionProps & { saved: TFormBuilder | null }) {
  const { settings } = draft;
  const isTeamOnly = draft.owner_type === 'COMPANY_USERS';
  return (
    <Stack gap="md">
      {isTeamOnly ? (
        <Alert color="blue" variant="light">
          Company users open the form from the app; it has no public link.
        </Alert>
      ) : (
        <>
          <Switch
            label="Secure access"
            description="Fillers prove their email with a 6-digit passcode before they start."
            checked={settings.secure_access}
            onChange={(event) => onSettings({ secure_access: event.currentTarget.checked })}
          />
          <PublicLink saved={saved} />
        </>
      )}
      <Checkbox
        label="One entry per person"
        description="A person (email, contact or user) can submit it once."
        checked={settings.one_per_person}
        onChange={(event) => onSettings({ one_per_person: event.currentTarget.checked })}
      />
      <NumberInput
        label="Most entries in total"
        placeholder="No limit"
        min={1}
        max={10_000_000}
        allowDecimal={false}
        value={settings.max_submissions ?? ''}
        onChange={(value) => onSettings({ max_submissions: typeof value === 'number' ? value : null })}
        error={errors['settings.max_submissions']}
        maw={240}
      />
      <SimpleGrid cols={{ base: 1, sm: 2 }}>
        <DateTimeField
          label="Opens at"
          description="Blank: open as soon as it is active."
          value={toLocal(settings.opens_at)}
          onChange={(value) => onSettings({ opens_at: toIso(value) })}
          error={errors['settings.opens_at']}
        />
        <DateTimeField
          label="Closes at"
          description="Blank: open until you make it inactive."
          value={toLocal(settings.closes_at)}
          onChange={(value) => onSettings({ closes_at: toIso(value) })}
          error={errors['settings.closes_at']}
        />
      </SimpleGrid>
    </Stack>
  );
}
