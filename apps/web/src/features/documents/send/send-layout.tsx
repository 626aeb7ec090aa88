import { useState, type ReactNode } from 'react';
import { Alert, Button, Card, Grid, List, Stack, Text, TextInput, Textarea } from '@mantine/core';
import { IconAlertTriangle, IconSend } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { useParams } from 'react-router';
import type { TEmployeeDocument } from '@esigns/contracts/documents';
import type { PermissionSlug } from '@esigns/contracts/permissions';
import { useCan } from '../../../shared/permissions/use-can';
import { LoadError, NoAccess, Panel, isForbidden } from '../../../shared/ui/page-kit';
import { fetchConfigurableDocument } from '../../editor/editor-api';
import { DOCUMENT_KEYS } from './send-api';

/**
 * The document or template a send screen sends (`:id` of the route), read only by those with
 * `permission`; `sent` holds what the send created.
 */
export function useSendSource(permission: PermissionSlug) {
  const { id = '' } = useParams();
  const rights = useCan();
  const [sent, setSent] = useState<TEmployeeDocument | null>(null);
  const canSend = rights.can(permission);
  const source = useQuery({
    queryKey: DOCUMENT_KEYS.configurable(id),
    queryFn: ({ signal }) => fetchConfigurableDocument(id, signal),
    enabled: canSend && Boolean(id),
  });
  return { rights, canSend, source, sent, setSent };
}

/** What a send screen shows instead of its form while it loads or when it cannot send: `null` once loaded. */
export function sendGate(
  { rights, canSend, source }: Pick<ReturnType<typeof useSendSource>, 'rights' | 'canSend' | 'source'>,
  texts: { skeleton: ReactNode; noAccess: string; loadError: string },
): ReactNode {
  if (rights.isLoading) return texts.skeleton;
  if (!canSend || isForbidden(source.error)) {
    return (
      <Panel>
        <NoAccess>{texts.noAccess}</NoAccess>
      </Panel>
    );
  }
  if (source.isPending) return texts.skeleton;
  if (source.isError) {
    return (
      <Panel>
        <LoadError title={texts.loadError} error={source.error} onRetry={() => void source.refetch()} />
      </Panel>
    );
  }
  return null;
}

/** The two columns of a send screen: what is sent, and the side with the Send button (sticky). */
export function SendColumns({ main, side }: { main: ReactNode; side: ReactNode }) {
  return (
    <Grid gap="lg">
      <Grid.Col span={{ base: 12, md: 8 }}>
        <Stack gap="lg">{main}</Stack>
      </Grid.Col>
      <Grid.Col span={{ base: 12, md: 4 }}>
        <Stack gap="lg" style={{ position: 'sticky', top: 76 }}>
          {side}
        </Stack>
      </Grid.Col>
    </Grid>
  );
}

/** The subject and message of the mail the recipients get. */
export function EmailCard({
  subject,
  message,
  onSubject,
  onMessage,
  subjectPlaceholder,
  errors,
  children,
}: {
  subject: string;
  message: string;
  onSubject: (value: string) => void;
  onMessage: (value: string) => void;
  subjectPlaceholder: string;
  errors: { subject?: string; message?: string };
  /** Under the inputs (a Save button). */
  children?: ReactNode;
}) {
  return (
    <Card withBorder radius="md" padding="lg">
      <Stack gap="md">
        <Text fw={600}>Email to recipients</Text>
        <TextInput
          label="Subject"
          placeholder={subjectPlaceholder}
          value={subject}
          maxLength={200}
          onChange={(event) => onSubject(event.currentTarget.value)}
          error={errors.subject}
        />
        <Textarea
          label="Message"
          placeholder="Add a personal note for the recipients (optional)"
          value={message}
          maxLength={5000}
          rows={4}
          resize="vertical"
          onChange={(event) => onMessage(event.currentTarget.value)}
          error={errors.message}
        />
        {children}
      </Stack>
    </Card>
  );
}

/** The problems that stop a send, one a line. */
export function ProblemList({
  title,
  problems,
  color,
  children,
  ...rest
}: {
  title: string;
  problems: string[];
  color: 'orange' | 'red';
  children?: ReactNode;
  role?: string;
  'data-testid'?: string;
}) {
  return (
    <Alert color={color} variant="light" icon={<IconAlertTriangle size={18} />} title={title} {...rest}>
      <List size="sm" spacing={4}>
        {problems.map((text) => (
          <List.Item key={text}>{text}</List.Item>
        ))}
      </List>
      {children}
    </Alert>
  );
}

export function SendButton({
  onClick,
  isPending,
  isDisabled,
}: {
  onClick: () => void;
  isPending: boolean;
  isDisabled?: boolean;
}) {
  return (
    <Button
      size="md"
      fullWidth
      leftSection={<IconSend size={18} />}
      onClick={onClick}
      loading={isPending}
      disabled={isDisabled}
    >
      Send
    </Button>
  );
}
