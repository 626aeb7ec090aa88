import { useState } from 'react';
import { Button, PasswordInput, Stack, Text } from '@mantine/core';
import { IconLock } from '@tabler/icons-react';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { Navigate, useNavigate, useParams } from 'react-router';
import { isApiError } from '../../shared/api/api-error';
import { usePageTitle } from '../../shared/branding/use-page-title';
import { saveSignerCredentials } from './signer-credentials';
import { OpenLinkFromMail, RecordError, SignerLoading } from './signer-ui';
import { SIGNING_KEYS, verifyRepresentativePassword } from './signing-api';
import { signerStepOf, signingPaths } from './signing-paths';
import { useESignRecord, useSignerAccess } from './use-signer-access';

/**
 * `/emp/documents/custom/{id}/pp/verify-password` and `/emp/documents/custom/document/{id}/pp/verify-password`:
 * an authorized representative enters the password the sender gave them before they see the
 * document. Wrong passwords show the server's message (tries left, lock).
 */
export function VerifyPasswordScreen() {
  const { id: documentId = '' } = useParams();
  const { access, canCall } = useSignerAccess(documentId);
  const record = useESignRecord(access, canCall);
  usePageTitle('Document password');

  if (!canCall) return <OpenLinkFromMail />;
  if (record.isPending) return <SignerLoading />;
  if (record.isError) return <RecordError error={record.error} />;
  const userId = access.credentials?.user_id ?? record.data.recipient._id;
  if (!record.data.gates.includes('REPRESENTATIVE_PASSWORD') || signerStepOf(record.data) !== 'gates') {
    return <Navigate to={signingPaths.landing(documentId, userId)} replace />;
  }
  return <PasswordForm documentId={documentId} userId={userId} access={access} />;
}

function PasswordForm({
  documentId,
  userId,
  access,
}: {
  documentId: string;
  userId: string;
  access: ReturnType<typeof useSignerAccess>['access'];
}) {
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const [password, setPassword] = useState('');
  const [error, setError] = useState<string | null>(null);
  const check = useMutation({
    mutationFn: () => verifyRepresentativePassword(access, password),
    onSuccess: async () => {
      if (access.credentials) saveSignerCredentials({ ...access.credentials, representative: true });
      await queryClient.invalidateQueries({ queryKey: SIGNING_KEYS.record(documentId) });
      void navigate(signingPaths.landing(documentId, userId), { replace: true });
    },
    onError: (reason) =>
      setError(
        isApiError(reason)
          ? (reason.fieldErrors.password ?? reason.message)
          : 'The password could not be checked.',
      ),
  });

  return (
    <form
      onSubmit={(event) => {
        event.preventDefault();
        if (!password) {
          setError('Enter the password');
          return;
        }
        setError(null);
        check.mutate();
      }}
    >
      <Stack gap="md" data-testid="verify-password">
        <Stack gap={4} align="center" ta="center">
          <IconLock size={36} color="var(--mantine-color-brand-6)" />
          <Text size="xl" fw={700}>
            Enter the document password
          </Text>
          <Text size="sm" c="dimmed">
            You sign this document as an authorized representative. The sender gave you a password for it.
          </Text>
        </Stack>
        <PasswordInput
          label="Document password"
          value={password}
          onChange={(event) => {
            setPassword(event.currentTarget.value);
            if (error) setError(null);
          }}
          error={error}
          autoFocus
          autoComplete="off"
          size="md"
          maxLength={128}
        />
        <Button type="submit" size="md" loading={check.isPending}>
          Continue
        </Button>
      </Stack>
    </form>
  );
}
