import { Card, EmptyState, Skeleton, Stack, Text } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { IconCheck, IconSignature } from '@tabler/icons-react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { formatFullName, formatInitials } from '../../shared/format/name';
import { useSession } from '../../shared/session/session-store';
import { MAX_DATA_URL_LENGTH } from '../../shared/ui/image-files';
import { MarkEditor } from '../../shared/ui/mark-editor/mark-editor';
import { MarkPreview } from '../../shared/ui/mark-editor/mark-preview';
import { ProfileArea } from './profile-area';
import { fetchMark, saveMark, type MarkKind } from './profile-api';
import { FormAlert, LoadError, errorMessageOf } from './screen-states';
import { useSessionUserUpdates } from './use-session-user';

export const markQueryKey = (kind: MarkKind, userId: string | null) =>
  ['profile', 'mark', kind, userId] as const;

const TEXT: Record<MarkKind, { title: string; noun: string; description: string }> = {
  signature: {
    title: 'Signature',
    noun: 'signature',
    description: 'Offered whenever you sign a document. Draw it, type it or upload a picture.',
  },
  initial: {
    title: 'Initial',
    noun: 'initials',
    description: 'Offered for initial fields on documents. Draw them, type them or upload a picture.',
  },
};

function CurrentMark({ kind, userId }: { kind: MarkKind; userId: string | null }) {
  const text = TEXT[kind];
  const current = useQuery({
    queryKey: markQueryKey(kind, userId),
    queryFn: () => fetchMark(kind),
    enabled: userId !== null,
  });

  let body;
  if (current.isPending) body = <Skeleton h={96} radius="md" aria-label={`Loading your ${text.noun}`} />;
  else if (current.isError)
    body = (
      <LoadError
        title={`Could not load your ${text.noun}`}
        error={current.error}
        onRetry={() => void current.refetch()}
      />
    );
  else if (!current.data)
    body = (
      <EmptyState
        size="sm"
        icon={<IconSignature size={28} />}
        title={`No ${text.noun} saved yet`}
        description={`Make one below; it is saved as a transparent picture.`}
        data-testid="mark-empty"
      />
    );
  else
    body = (
      <MarkPreview
        src={current.data}
        alt={`Your saved ${text.noun}`}
        maxHeight={120}
        padding="md"
        testId="mark-current"
      />
    );

  return (
    <Card withBorder radius="md" padding="md">
      <Stack gap="sm">
        <Text fw={600} size="sm">
          Current {text.noun}
        </Text>
        {body}
      </Stack>
    </Card>
  );
}

function MarkScreen({ kind }: { kind: MarkKind }) {
  const text = TEXT[kind];
  const user = useSession((state) => state.user);
  const userId = user?._id ?? null;
  const queryClient = useQueryClient();
  const updates = useSessionUserUpdates();
  const save = useMutation({
    mutationFn: (dataUrl: string) => saveMark(kind, dataUrl),
    onSuccess: (url) => {
      queryClient.setQueryData(markQueryKey(kind, userId), url);
      updates.patch(kind === 'signature' ? { signature: url } : { initial: url });
      notifications.show({
        color: 'teal',
        icon: <IconCheck size={18} />,
        message: kind === 'signature' ? 'Signature saved' : 'Initials saved',
      });
    },
  });
  const defaultText = kind === 'signature' ? formatFullName(user) : formatInitials(user);

  return (
    <ProfileArea title={text.title} description={text.description}>
      <Stack gap="lg">
        <CurrentMark kind={kind} userId={userId} />
        <FormAlert message={save.error ? errorMessageOf(save.error) : null} />
        <MarkEditor
          key={`${kind}-${userId ?? ''}`}
          kind={kind}
          defaultText={defaultText}
          doneLabel={`Save ${text.noun}`}
          isBusy={save.isPending}
          onDone={(dataUrl) => {
            if (dataUrl.length > MAX_DATA_URL_LENGTH) {
              throw new Error('This picture is larger than 2 MB. Try a smaller one.');
            }
            save.mutate(dataUrl);
          }}
        />
      </Stack>
    </ProfileArea>
  );
}

/** /profile/signature */
export function SignatureScreen() {
  return <MarkScreen kind="signature" />;
}

/** /profile/initial */
export function InitialScreen() {
  return <MarkScreen kind="initial" />;
}
