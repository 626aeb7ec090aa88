import { Badge, Button, Card, Group, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import { IconCircleCheck, IconFiles, IconLayoutDashboard } from '@tabler/icons-react';
import { Link } from 'react-router';
import type { TEmployeeDocument } from '@esigns/contracts/documents';
import { documentDetailPath } from '../../document-lists/document-paths';

type Recipient = TEmployeeDocument['document_users'][number];

const DONE = ['SIGNED', 'APPROVED'];
const nameOf = (user: Recipient) => `${user.first_name} ${user.last_name}`.trim() || user.email;

/** A recipient's finished step: what they did, who is still to act, and where to go next. */
export function FinishedPart({ document, me }: { document: TEmployeeDocument; me: Recipient }) {
  const waiting = document.document_users.filter(
    (user) =>
      user.type === 'RECEIVER' &&
      user.user_type !== 'CC' &&
      !DONE.includes(user.status) &&
      user._id !== me._id,
  );
  const refused = me.status === 'DECLINED' || me.status === 'REJECTED';
  return (
    <Card withBorder radius="md" padding="xl" maw={720} data-testid="finished-part">
      <Stack gap="lg">
        <Group gap="md" wrap="nowrap">
          <ThemeIcon size={52} radius="xl" color={refused ? 'orange' : 'teal'} variant="light">
            <IconCircleCheck size={30} />
          </ThemeIcon>
          <div>
            <Title order={3}>{refused ? 'You declined this document' : 'Your part is done'}</Title>
            <Text c="dimmed" size="sm">
              <b>{document.name}</b>{' '}
              {document.status === 'COMPLETED'
                ? 'is completed: everyone has finished and the signed copy is ready.'
                : refused
                  ? 'will not go further; the sender was told why.'
                  : waiting.length > 0
                    ? 'now waits for the others below; you will be emailed the signed copy.'
                    : 'is being completed; you will be emailed the signed copy.'}
            </Text>
          </div>
        </Group>
        {!refused && waiting.length > 0 ? (
          <Stack gap={4} role="list" aria-label="Still to act">
            {waiting.map((user) => (
              <Group key={user._id} role="listitem" justify="space-between" wrap="nowrap" gap="sm">
                <Text size="sm" truncate="end">
                  {nameOf(user)}
                </Text>
                <Badge variant="light" color="gray" style={{ flexShrink: 0 }}>
                  {user.status === 'PENDING' ? 'Not yet their turn' : 'Waiting'}
                </Badge>
              </Group>
            ))}
          </Stack>
        ) : null}
        <Group gap="sm" wrap="wrap">
          <Button
            component={Link}
            to={documentDetailPath(document._id)}
            leftSection={<IconFiles size={16} />}
          >
            Open the document
          </Button>
          <Button
            component={Link}
            to="/dashboard"
            variant="default"
            leftSection={<IconLayoutDashboard size={16} />}
          >
            Go to dashboard
          </Button>
        </Group>
      </Stack>
    </Card>
  );
}
