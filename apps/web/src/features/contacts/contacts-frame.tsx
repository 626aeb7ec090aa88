import { Anchor, Group, Stack } from '@mantine/core';
import { IconArrowLeft } from '@tabler/icons-react';
import { Link } from 'react-router';
import { PageFrame, type ScreenFrameProps } from '../../shared/ui/page-kit';

/** A page of one contact (its form, its documents) with a link back to the contacts above it. */
export function ContactsFrame({ maw, ...frame }: ScreenFrameProps & { maw: number }) {
  return (
    <Stack gap="xs" maw={maw}>
      <Anchor component={Link} to="/contacts" size="sm">
        <Group gap={4} wrap="nowrap">
          <IconArrowLeft size={14} />
          Contacts
        </Group>
      </Anchor>
      <PageFrame {...frame} />
    </Stack>
  );
}
