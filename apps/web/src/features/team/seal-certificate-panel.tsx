import { useState } from 'react';
import { Badge, Button, Group, SimpleGrid, Skeleton, Stack, Text, Title } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { IconCertificate, IconTrash, IconUpload } from '@tabler/icons-react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { TSealCertificate } from '@esigns/contracts/seal-certificates';
import { formatDate } from '../../shared/format/date';
import { ConfirmDialog, Panel, QueryFailure } from '../../shared/ui/page-kit';
import { fetchSealCertificate, removeSealCertificate, SEAL_CERTIFICATE_KEY } from './seal-certificate-api';
import { SealCertificateDialog } from './seal-certificate-dialog';

function Detail({ label, value, mono = false }: { label: string; value: string; mono?: boolean }) {
  return (
    <div>
      <Text size="xs" c="dimmed" fw={600} tt="uppercase">
        {label}
      </Text>
      <Text size="sm" ff={mono ? 'monospace' : undefined} style={{ overflowWrap: 'anywhere' }}>
        {value}
      </Text>
    </div>
  );
}

function CertificateDetails({ certificate }: { certificate: TSealCertificate }) {
  return (
    <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm" data-testid="seal-certificate-details">
      <Detail label="Sealed as" value={certificate.subject} />
      <Detail label="Issued by" value={certificate.issuer} />
      <Detail
        label="Valid"
        value={`${formatDate(certificate.not_before)} to ${formatDate(certificate.not_after)}`}
      />
      <Detail label="Key" value={`${certificate.key_type}, ${certificate.chain_length} certificate(s)`} />
      <Detail label="SHA-256 fingerprint" value={certificate.fingerprint_sha256} mono />
    </SimpleGrid>
  );
}

/**
 * The company profile's "Document sealing" section: whose certificate seals the company's completed
 * documents (its own PKCS#12 or the instance's), with upload, replace and remove for `canManage`
 * (OWNER and ADMIN with `company:update`; the server checks the same).
 */
export function SealCertificatePanel({ canManage }: { canManage: boolean }) {
  const queryClient = useQueryClient();
  const [isUploading, setUploading] = useState(false);
  const [isRemoving, setRemoving] = useState(false);
  const query = useQuery({
    queryKey: SEAL_CERTIFICATE_KEY,
    queryFn: ({ signal }) => fetchSealCertificate(signal),
  });
  const remove = useMutation({
    mutationFn: removeSealCertificate,
    onSuccess: (next) => {
      queryClient.setQueryData(SEAL_CERTIFICATE_KEY, next);
      setRemoving(false);
      notifications.show({
        color: 'teal',
        title: 'Sealing certificate removed',
        message: 'The default certificate seals your documents again.',
      });
    },
  });

  if (query.isError) return <QueryFailure query={query} title="Could not load the sealing certificate" />;
  const current = query.data;
  const own = current?.certificate ?? null;
  return (
    <Panel>
      <Stack
        gap="md"
        p={{ base: 'md', sm: 'lg' }}
        aria-labelledby="seal-certificate-title"
        component="section"
      >
        <Group justify="space-between" align="flex-start" wrap="wrap" gap="sm">
          <Group gap="xs" wrap="nowrap">
            <IconCertificate size={20} />
            <Title order={3} size="h4" id="seal-certificate-title">
              Document sealing certificate
            </Title>
          </Group>
          {current && (
            <Badge variant="light" color={own ? 'teal' : 'gray'}>
              {own ? "Your company's certificate" : 'Default certificate'}
            </Badge>
          )}
        </Group>
        {!current ? (
          <Skeleton h={80} />
        ) : own ? (
          <>
            <Text size="sm" c="dimmed">
              Completed documents are sealed in your company&apos;s name with this certificate.
            </Text>
            <CertificateDetails certificate={own} />
          </>
        ) : (
          <Text size="sm" c="dimmed">
            Completed documents are sealed with this service&apos;s certificate. Upload your own PKCS#12
            certificate to seal them in your company&apos;s name.
          </Text>
        )}
        {canManage && current && (
          <Group gap="sm" wrap="wrap">
            <Button leftSection={<IconUpload size={16} />} onClick={() => setUploading(true)}>
              {own ? 'Replace certificate' : 'Upload certificate'}
            </Button>
            {own && (
              <Button
                variant="default"
                color="red"
                leftSection={<IconTrash size={16} />}
                onClick={() => setRemoving(true)}
              >
                Remove
              </Button>
            )}
          </Group>
        )}
      </Stack>
      {isUploading && <SealCertificateDialog onClose={() => setUploading(false)} />}
      <ConfirmDialog
        opened={isRemoving}
        title="Remove the sealing certificate?"
        confirmLabel="Remove"
        onConfirm={() => remove.mutate()}
        onClose={() => {
          setRemoving(false);
          remove.reset();
        }}
        isPending={remove.isPending}
        error={remove.error}
      >
        Documents completed from now on are sealed with the default certificate. Documents already sealed with
        yours keep their seal and still verify.
      </ConfirmDialog>
    </Panel>
  );
}
