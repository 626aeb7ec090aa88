import {
  Box,
  Button,
  Center,
  Divider,
  Group,
  Loader,
  Paper,
  Stack,
  Text,
  ThemeIcon,
  Title,
} from '@mantine/core';
import {
  IconAlertCircle,
  IconArrowRight,
  IconFileText,
  IconLinkOff,
  IconMailForward,
  IconRefresh,
  IconShieldLock,
} from '@tabler/icons-react';
import { useMutation, useQuery } from '@tanstack/react-query';
import { useNavigate, useParams } from 'react-router';
import { z } from 'zod';
import { isEmail } from '@esigns/contracts/documents';
import { isApiError } from '../../shared/api/api-error';
import { usePageTitle } from '../../shared/branding/use-page-title';
import { EmailInput, NameFields } from '../../shared/ui/account-forms/account-fields';
import { AccountForm } from '../../shared/ui/account-forms/account-form';
import { useAuthForm } from '../auth/use-auth-form';
import { SignerMessage } from '../signing/signer-ui';
import { saveSignerCredentials } from '../signing/signer-credentials';
import { signingPaths } from '../signing/signing-paths';
import {
  fetchPublishedTemplate,
  PUBLISHED_KEYS,
  startPublishedTemplate,
  type TPublishedStart,
  type TPublishedTemplate,
} from './published-api';

const FIELDS = ['first_name', 'last_name', 'email'] as const;

/** The visitor's details, checked in the browser with the server's rules (the server checks again). */
export const ZVisitor = z.object({
  first_name: z.string().trim().min(1, 'Enter your first name').max(100, 'At most 100 characters'),
  last_name: z.string().trim().min(1, 'Enter your last name').max(100, 'At most 100 characters'),
  email: z
    .string()
    .trim()
    .min(1, 'Enter your email address')
    .transform((v) => v.toLowerCase())
    .refine(isEmail, 'Enter a valid email address'),
});

/**
 * `/published-templates/{token}` (public, a product addition): the public link of a published
 * template. The visitor reads who asks them to sign what, gives their name and email, and
 * "Continue" creates their own document from the template. Without secure access they go straight
 * to the signing landing (the link's secret kept for this tab, like a mailed link); with secure
 * access, or when others sign first, only the mailed link opens it.
 */
export function PublishedTemplateScreen() {
  const { token = '' } = useParams();
  const info = useQuery({
    queryKey: PUBLISHED_KEYS.template(token),
    queryFn: ({ signal }) => fetchPublishedTemplate(token, signal),
    enabled: token !== '',
    retry: false,
    staleTime: Infinity,
  });

  if (info.isPending && token !== '') {
    return (
      <Center py={48}>
        <Loader aria-label="Loading" />
      </Center>
    );
  }
  if (!info.data) {
    const gone = token === '' || (isApiError(info.error) && info.error.status === 404);
    return gone ? <LinkUnavailable /> : <LoadError error={info.error} onRetry={() => void info.refetch()} />;
  }
  return <StartForm token={token} template={info.data} />;
}

function LinkUnavailable() {
  return (
    <SignerMessage
      icon={<IconLinkOff size={32} />}
      color="gray"
      title="This link is no longer available"
      testId="published-unavailable"
    >
      The document it led to was unpublished or removed. Ask whoever shared the link for a new one.
    </SignerMessage>
  );
}

function LoadError({ error, onRetry }: { error: unknown; onRetry: () => void }) {
  return (
    <SignerMessage
      icon={<IconAlertCircle size={32} />}
      color="red"
      title="The page could not be opened"
      testId="published-error"
      actions={
        <Button variant="light" leftSection={<IconRefresh size={16} />} onClick={onRetry}>
          Try again
        </Button>
      }
    >
      {isApiError(error) ? error.message : 'Something went wrong. Please try again.'}
    </SignerMessage>
  );
}

function TemplateSummary({ template }: { template: TPublishedTemplate }) {
  const pages = `${template.page_count} ${template.page_count === 1 ? 'page' : 'pages'}`;
  return (
    <Stack gap="md" align="center" ta="center">
      <Text size="sm" c="dimmed" maw={380}>
        {template.company_name ? (
          <>
            <Text span fw={600} c="var(--mantine-color-text)">
              {template.company_name}
            </Text>{' '}
            invites you to sign
          </>
        ) : (
          'You are invited to sign'
        )}
      </Text>
      <Paper withBorder radius="md" p="md" bg="gray.0" w="100%">
        <Group gap="sm" wrap="nowrap">
          <ThemeIcon variant="light" size={44} radius="md">
            <IconFileText size={24} />
          </ThemeIcon>
          <Box style={{ minWidth: 0, flex: 1 }} ta="left">
            <Title order={2} size="h4" style={{ overflowWrap: 'anywhere' }} data-testid="published-name">
              {template.name}
            </Title>
            {(template.page_count > 0 || template.role_name) && (
              <Text size="sm" c="dimmed" mt={2}>
                {template.page_count > 0 && pages}
                {template.page_count > 0 && template.role_name && ' · '}
                {template.role_name && (
                  <span data-testid="published-role">
                    You sign as{' '}
                    <Text span fw={600} c="var(--mantine-color-text)" inherit>
                      {template.role_name}
                    </Text>
                  </span>
                )}
              </Text>
            )}
          </Box>
        </Group>
      </Paper>
    </Stack>
  );
}

function StartForm({ token, template }: { token: string; template: TPublishedTemplate }) {
  usePageTitle(template.name);
  const navigate = useNavigate();
  const form = useAuthForm({ first_name: '', last_name: '', email: '' }, FIELDS);
  const start = useMutation({
    mutationFn: (input: z.output<typeof ZVisitor>) => startPublishedTemplate(token, input),
  });

  const submit = () => {
    if (start.isPending) return;
    const data = form.check(ZVisitor);
    if (!data) return;
    start.mutate(data, {
      onSuccess: (reply) => {
        const details = reply.user_details;
        if (!details) return;
        // The same per-tab store a mailed link fills: the landing finds it without `?token=`.
        saveSignerCredentials({
          document_id: details.document_id,
          user_id: details._id,
          password: details.password,
        });
        void navigate(signingPaths.landing(details.document_id, details._id), { replace: true });
      },
      onError: form.showError,
    });
  };

  if (start.isSuccess) {
    return start.data.user_details ? (
      <Center py={48}>
        <Stack align="center" gap="sm">
          <Loader />
          <Text size="sm" c="dimmed">
            Opening your document…
          </Text>
        </Stack>
      </Center>
    ) : (
      <CheckYourEmail
        reply={start.data}
        email={start.variables.email}
        template={template}
        onAgain={() => start.reset()}
      />
    );
  }

  return (
    <AccountForm
      labelledBy="published-form-title"
      header={
        <Stack gap="lg" mb="md">
          <TemplateSummary template={template} />
          <Divider />
          <div>
            <Text fw={600} id="published-form-title">
              Your details
            </Text>
            <Text size="sm" c="dimmed">
              {template.secure_access
                ? 'We email you a link to open the document, and a code to confirm it is you.'
                : 'Your name goes on the document. We also email you a link to it.'}
            </Text>
          </div>
        </Stack>
      }
      problem={form.critical}
      onSubmit={submit}
      submitLabel="Continue"
      isPending={start.isPending}
      rightIcon={template.secure_access ? <IconShieldLock size={18} /> : <IconArrowRight size={18} />}
      footer={
        template.company_name && (
          <Text size="xs" c="dimmed" ta="center">
            Your name and email are shared with {template.company_name}.
          </Text>
        )
      }
    >
      <NameFields first={form.inputProps('first_name')} last={form.inputProps('last_name')} />
      <EmailInput {...form.inputProps('email')} />
    </AccountForm>
  );
}

function CheckYourEmail({
  reply,
  email,
  template,
  onAgain,
}: {
  reply: TPublishedStart;
  email: string;
  template: TPublishedTemplate;
  onAgain: () => void;
}) {
  return (
    <SignerMessage
      icon={<IconMailForward size={32} />}
      title="Check your email"
      testId="published-check-email"
      actions={
        <Button variant="subtle" onClick={onAgain}>
          Use a different email
        </Button>
      }
    >
      <Stack gap="xs">
        <Text size="sm" inherit>
          {reply.secure_access ? (
            <>
              We sent a link to{' '}
              <Text span fw={600} c="var(--mantine-color-text)" style={{ overflowWrap: 'anywhere' }}>
                {email}
              </Text>
              . Open it to review and sign <b>{template.name}</b>.
            </>
          ) : (
            <>
              Others sign <b>{template.name}</b> before you. We will email{' '}
              <Text span fw={600} c="var(--mantine-color-text)" style={{ overflowWrap: 'anywhere' }}>
                {email}
              </Text>{' '}
              a link as soon as it is your turn.
            </>
          )}
        </Text>
        {reply.secure_access && (
          <Text size="sm" inherit>
            To keep the document safe, you will also be asked for a code we email you.
          </Text>
        )}
      </Stack>
    </SignerMessage>
  );
}
