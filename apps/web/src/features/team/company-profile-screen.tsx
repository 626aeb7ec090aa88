import type { FormEvent } from 'react';
import {
  ActionIcon,
  Anchor,
  Button,
  CopyButton,
  Divider,
  Group,
  SimpleGrid,
  Skeleton,
  Stack,
  Text,
  TextInput,
  Title,
  Tooltip,
} from '@mantine/core';
import { Link } from 'react-router';
import { useDebouncedValue } from '@mantine/hooks';
import { notifications } from '@mantine/notifications';
import { IconCheck, IconCopy, IconDeviceFloppy, IconPalette } from '@tabler/icons-react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { isApiError } from '../../shared/api/api-error';
import { usePageTitle } from '../../shared/branding/use-page-title';
import { useSession, workspaceIdOf } from '../../shared/session/session-store';
import { useAuthForm } from '../auth/use-auth-form';
import { SealCertificatePanel } from './seal-certificate-panel';
import {
  checkCompanyName,
  fetchCompanyProfile,
  updateCompanyProfile,
  type TCompanyProfile,
  type TCompanyUpdateRequest,
} from './team-api';
import { TEAM_KEYS } from './team-query-keys';
import { ZCompanyProfileForm } from './team-schemas';
import {
  ErrorAlert,
  NoAccess,
  PageFrame,
  Panel,
  PermissionsFailure,
  QueryFailure,
  isForbidden,
  type ScreenFrame,
} from '../../shared/ui/page-kit';
import { useCan } from '../../shared/permissions/use-can';

const FIELDS = ['name', 'slug'] as const;

/** The address employees of the company sign in at. */
export function employeeSigninUrl(slug: string, origin: string = window.location.origin): string {
  return `${origin}/signin?company=${encodeURIComponent(slug)}`;
}

/** Is the name free? Checked once typing pauses, and only for a name other than the current one. */
function useNameStatus(name: string, currentName: string, isEnabled: boolean) {
  const [debounced] = useDebouncedValue(name.trim(), 400);
  const shouldCheck =
    isEnabled && debounced.length >= 2 && debounced.toLowerCase() !== currentName.trim().toLowerCase();
  const status = useQuery({
    queryKey: TEAM_KEYS.companyNameStatus(debounced.toLowerCase()),
    queryFn: ({ signal }) => checkCompanyName(debounced, signal),
    enabled: shouldCheck,
    staleTime: 30_000,
    retry: false,
  });
  const isTyping = name.trim() !== debounced;
  if (!shouldCheck || isTyping) return null;
  if (status.isPending) return { color: 'dimmed', text: 'Checking the name…' };
  if (status.isError) return null;
  return status.data
    ? { color: 'teal.7', text: 'This name is available' }
    : { color: 'orange.8', text: 'Another company already uses this name' };
}

function CompanyProfileForm({ profile, canEdit }: { profile: TCompanyProfile; canEdit: boolean }) {
  const queryClient = useQueryClient();
  const form = useAuthForm({ name: profile.name, slug: profile.slug }, FIELDS);
  const nameStatus = useNameStatus(form.values.name, profile.name, canEdit);

  const changes = (values: typeof form.values): TCompanyUpdateRequest => {
    const body: TCompanyUpdateRequest = {};
    if (values.name.trim() !== profile.name) body.name = values.name.trim();
    if (values.slug.trim().toLowerCase() !== profile.slug) body.slug = values.slug.trim().toLowerCase();
    return body;
  };
  const isDirty = Object.keys(changes(form.values)).length > 0;

  const save = useMutation({
    mutationFn: updateCompanyProfile,
    onSuccess: (saved) => {
      queryClient.setQueryData(TEAM_KEYS.company(saved._id), saved);
      notifications.show({ color: 'teal', title: 'Company profile saved', message: saved.name });
    },
    onError: (error) => {
      if (isApiError(error) && error.isValidation) {
        const own: Record<string, string> = {};
        const other: string[] = [];
        for (const [key, message] of Object.entries(error.fieldErrors)) {
          if ((FIELDS as readonly string[]).includes(key)) own[key] = message;
          else other.push(message);
        }
        form.setErrors(own);
        form.setCritical(other.length ? other.join(' ') : null);
        return;
      }
      form.showError(error);
    },
  });

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const data = form.check(ZCompanyProfileForm);
    if (!data) return;
    const body = changes(data);
    if (Object.keys(body).length) save.mutate(body);
  };

  const slug = form.values.slug.trim().toLowerCase();
  const signinUrl = employeeSigninUrl(slug || profile.slug);

  return (
    <form onSubmit={submit} noValidate aria-label="Company profile">
      <Stack gap="lg" p={{ base: 'md', sm: 'lg' }}>
        {form.critical && <ErrorAlert>{form.critical}</ErrorAlert>}
        <Title order={3} size="h4">
          Company
        </Title>
        <SimpleGrid cols={{ base: 1, md: 2 }} spacing="lg">
          <Stack gap={4}>
            <TextInput
              {...form.inputProps('name')}
              label="Company name"
              autoComplete="organization"
              required
              readOnly={!canEdit}
            />
            {nameStatus && !form.errors.name && (
              <Text size="xs" c={nameStatus.color} aria-live="polite" data-testid="company-name-status">
                {nameStatus.text}
              </Text>
            )}
          </Stack>
          <Stack gap={4}>
            <TextInput
              {...form.inputProps('slug')}
              label="Sign-in address"
              description="3-50 lowercase letters, digits and dashes"
              autoCapitalize="none"
              spellCheck={false}
              required
              readOnly={!canEdit}
            />
            <Text size="xs" c="dimmed" mt={4}>
              Employees sign in at
            </Text>
            <Group gap={4} wrap="nowrap" align="center">
              <Text size="sm" style={{ overflowWrap: 'anywhere' }} data-testid="employee-signin-url">
                {signinUrl}
              </Text>
              <CopyButton value={signinUrl}>
                {({ copied, copy }) => (
                  <Tooltip label={copied ? 'Copied' : 'Copy'}>
                    <ActionIcon
                      size="sm"
                      variant="subtle"
                      color="gray"
                      onClick={copy}
                      aria-label="Copy sign-in address"
                    >
                      {copied ? <IconCheck size={14} /> : <IconCopy size={14} />}
                    </ActionIcon>
                  </Tooltip>
                )}
              </CopyButton>
            </Group>
          </Stack>
        </SimpleGrid>

        <Divider />
        <Group gap="xs" wrap="nowrap" align="flex-start">
          <IconPalette size={18} style={{ flexShrink: 0, marginTop: 2 }} />
          <Text size="sm">
            The logo, colours and the look of your mails are set in{' '}
            <Anchor component={Link} to="/branding" data-testid="branding-link">
              Branding
            </Anchor>
            .
          </Text>
        </Group>

        {canEdit && (
          <Group justify="flex-end">
            <Button
              type="submit"
              loading={save.isPending}
              disabled={!isDirty}
              leftSection={<IconDeviceFloppy size={16} />}
            >
              Save changes
            </Button>
          </Group>
        )}
      </Stack>
    </form>
  );
}

/**
 * /profile/companyProfile: the company name (with an availability hint) and its sign-in address
 * (`GET /company/{id}`, `PATCH /company`); logo and colours are on /branding, linked from here.
 */
export function CompanyProfileScreen({ frame: Frame = PageFrame }: { frame?: ScreenFrame }) {
  usePageTitle('Company profile');
  const rights = useCan();
  const companyId = useSession(workspaceIdOf) ?? '';
  const canView = rights.can('company:view');
  const userType = useSession((state) => state.user_type);
  const company = useQuery({
    queryKey: TEAM_KEYS.company(companyId),
    queryFn: ({ signal }) => fetchCompanyProfile(companyId, signal),
    enabled: canView && Boolean(companyId),
  });

  const body = (() => {
    if (rights.isLoading || (canView && company.isPending)) return <Skeleton h={420} radius="md" />;
    if (rights.error) {
      return <PermissionsFailure rights={rights} />;
    }
    if (!canView || isForbidden(company.error)) {
      return (
        <Panel>
          <NoAccess>Your user type cannot see the company profile.</NoAccess>
        </Panel>
      );
    }
    if (company.isError || !company.data) {
      return <QueryFailure query={company} title="Could not load the company profile" />;
    }
    return (
      <Panel>
        <CompanyProfileForm
          key={company.data._id}
          profile={company.data}
          canEdit={rights.can('company:update')}
        />
      </Panel>
    );
  })();

  return (
    <Frame
      title="Company profile"
      description="How your company appears to your team, your signers and on its own sign-in page."
    >
      <Stack gap="lg">
        {body}
        {canView && !rights.isLoading && !rights.error && (
          <SealCertificatePanel
            canManage={rights.can('company:update') && (userType === 'OWNER' || userType === 'ADMIN')}
          />
        )}
      </Stack>
    </Frame>
  );
}
