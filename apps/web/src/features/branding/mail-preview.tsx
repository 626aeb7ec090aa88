import { Anchor, Group, Paper, Skeleton, Stack, Text } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { useQuery } from '@tanstack/react-query';
import { Link } from 'react-router';
import type { TBrandingOverride } from '@esigns/contracts/branding';
import { ErrorAlert, errorText } from '../../shared/ui/page-kit';
import { BRANDING_KEYS, fetchDefaultMailFrame, fetchMailPreview } from './branding-api';

/** Where the company's mail header and footer are edited: its default header/footer template. */
function MailFrameLink({ canEditTemplates }: { canEditTemplates: boolean }) {
  const frame = useQuery({
    queryKey: BRANDING_KEYS.mailFrame,
    queryFn: ({ signal }) => fetchDefaultMailFrame(signal),
    enabled: canEditTemplates,
    retry: false,
  });
  if (!canEditTemplates) {
    return (
      <Text size="xs" c="dimmed">
        The mail header and footer are the company&apos;s default email header and footer template.
      </Text>
    );
  }
  const template = frame.data;
  return (
    <Group gap={6} wrap="wrap">
      <Text size="sm">Mail header and footer:</Text>
      {frame.isPending ? (
        <Skeleton h={16} w={120} />
      ) : template ? (
        <Anchor
          component={Link}
          to={`/email-header-footer-template/edit/${encodeURIComponent(template._id)}`}
          size="sm"
        >
          Edit “{template.name}”
        </Anchor>
      ) : (
        <Anchor component={Link} to="/email-header-footer-template/create" size="sm">
          Create one (none yet)
        </Anchor>
      )}
    </Group>
  );
}

/**
 * A sample mail as the company's mails look with the form's colours, rendered by the server's
 * mail layout with the default header and footer (`POST /company/branding/mail-preview`).
 */
export function MailPreview({
  changes,
  canEditTemplates,
}: {
  changes: TBrandingOverride;
  canEditTemplates: boolean;
}) {
  const [debounced] = useDebouncedValue(changes, 400);
  const preview = useQuery({
    queryKey: BRANDING_KEYS.mailPreview(debounced),
    queryFn: ({ signal }) => fetchMailPreview(debounced, signal),
    placeholderData: (previous) => previous,
    retry: false,
  });
  return (
    <Stack gap="xs">
      <MailFrameLink canEditTemplates={canEditTemplates} />
      {preview.isError && !preview.data ? (
        <ErrorAlert>{errorText(preview.error)}</ErrorAlert>
      ) : preview.data ? (
        <Paper withBorder radius="md" style={{ overflow: 'hidden' }}>
          <iframe
            title="Mail preview"
            data-testid="mail-preview"
            srcDoc={preview.data.html}
            sandbox=""
            style={{ display: 'block', width: '100%', height: 560, border: 0, background: '#f3f4f6' }}
          />
        </Paper>
      ) : (
        <Skeleton h={560} radius="md" />
      )}
    </Stack>
  );
}
