import type { FormEvent } from 'react';
import {
  ActionIcon,
  Box,
  Button,
  ColorInput,
  CopyButton,
  Divider,
  Group,
  Paper,
  SimpleGrid,
  Skeleton,
  Stack,
  Text,
  TextInput,
  Title,
  Tooltip,
} from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { notifications } from '@mantine/notifications';
import { IconCheck, IconCopy, IconDeviceFloppy } from '@tabler/icons-react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { isApiError } from '../../shared/api/api-error';
import { usePageTitle } from '../../shared/branding/use-page-title';
import { useSession, workspaceIdOf } from '../../shared/session/session-store';
import { useAuthForm } from '../auth/use-auth-form';
import { CompanyLogoCard } from './company-logo-card';
import {
  checkCompanyName,
  fetchCompanyProfile,
  updateCompanyProfile,
  type TBrandingColours,
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
import { COMPANY_BRANDING_KEY } from '../../shared/branding/company-branding';

const COLOUR_FIELDS = [
  'primary_color',
  'secondary_color',
  'dialog_header_color',
  'dialog_header_text_color',
] as const satisfies readonly (keyof TBrandingColours)[];

const FIELDS = ['name', 'slug', ...COLOUR_FIELDS] as const;

const COLOUR_LABELS: Record<(typeof COLOUR_FIELDS)[number], string> = {
  primary_color: 'Primary colour',
  secondary_color: 'Secondary colour',
  dialog_header_color: 'Dialog header background',
  dialog_header_text_color: 'Dialog header text',
};

const HEX = /^#(?:[0-9a-fA-F]{3}|[0-9a-fA-F]{6})$/;

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

function BrandingPreview({ values }: { values: Record<(typeof COLOUR_FIELDS)[number], string> }) {
  const pick = (value: string, fallback: string) => (HEX.test(value.trim()) ? value.trim() : fallback);
  const header = pick(values.dialog_header_color, '#eeeeee');
  const headerText = pick(values.dialog_header_text_color, '#808080');
  const primary = pick(values.primary_color, '#F27E0C');
  const secondary = pick(values.secondary_color, '#EF2333');
  return (
    <Paper withBorder radius="md" style={{ overflow: 'hidden' }} data-testid="branding-preview">
      <Box
        px="md"
        py="sm"
        style={{ background: header, color: headerText }}
        data-testid="preview-dialog-header"
      >
        <Text fw={600}>Dialog title</Text>
      </Box>
      <Stack gap="sm" p="md">
        <Text size="sm" c="dimmed">
          Dialogs and buttons look like this with your colours.
        </Text>
        <Group gap="sm">
          <Button component="span" color={primary} data-testid="preview-primary-button">
            Primary button
          </Button>
          <Button component="span" variant="outline" color={secondary}>
            Secondary
          </Button>
        </Group>
      </Stack>
    </Paper>
  );
}

function CompanyProfileForm({
  profile,
  canEdit,
  canBrand,
}: {
  profile: TCompanyProfile;
  canEdit: boolean;
  canBrand: boolean;
}) {
  const queryClient = useQueryClient();
  const form = useAuthForm(
    {
      name: profile.name,
      slug: profile.slug,
      primary_color: profile.branding.primary_color,
      secondary_color: profile.branding.secondary_color,
      dialog_header_color: profile.branding.dialog_header_color,
      dialog_header_text_color: profile.branding.dialog_header_text_color,
    },
    FIELDS,
  );
  const nameStatus = useNameStatus(form.values.name, profile.name, canEdit);
  const canEditColours = canEdit && canBrand;

  const changes = (values: typeof form.values): TCompanyUpdateRequest => {
    const body: TCompanyUpdateRequest = {};
    if (values.name.trim() !== profile.name) body.name = values.name.trim();
    if (values.slug.trim().toLowerCase() !== profile.slug) body.slug = values.slug.trim().toLowerCase();
    const branding: Partial<TBrandingColours> = {};
    for (const key of COLOUR_FIELDS) {
      if (values[key].trim().toLowerCase() !== profile.branding[key].toLowerCase())
        branding[key] = values[key].trim();
    }
    if (Object.keys(branding).length) body.branding = branding;
    return body;
  };
  const isDirty = Object.keys(changes(form.values)).length > 0;

  const save = useMutation({
    mutationFn: updateCompanyProfile,
    onSuccess: (saved) => {
      queryClient.setQueryData(TEAM_KEYS.company(saved._id), saved);
      // The app takes the new colours at once.
      void queryClient.invalidateQueries({ queryKey: COMPANY_BRANDING_KEY });
      notifications.show({ color: 'teal', title: 'Company profile saved', message: saved.name });
    },
    onError: (error) => {
      // 422 keys of the branding object arrive as `branding.primary_color`.
      if (isApiError(error) && error.isValidation) {
        const own: Record<string, string> = {};
        const other: string[] = [];
        for (const [key, message] of Object.entries(error.fieldErrors)) {
          const field = key.replace(/^branding\./, '');
          if ((FIELDS as readonly string[]).includes(field)) own[field] = message;
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
        <Title order={3} size="h4">
          Branding
        </Title>
        <CompanyLogoCard profile={profile} canEdit={canBrand} />
        <SimpleGrid cols={{ base: 1, lg: 2 }} spacing="lg">
          <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="md">
            {COLOUR_FIELDS.map((key) => (
              <ColorInput
                key={key}
                name={key}
                label={COLOUR_LABELS[key]}
                format="hex"
                value={form.values[key]}
                onChange={(value) => form.setValue(key, value)}
                error={form.errors[key]}
                readOnly={!canEditColours}
                disallowInput={!canEditColours}
                withPicker={canEditColours}
              />
            ))}
          </SimpleGrid>
          <BrandingPreview values={form.values} />
        </SimpleGrid>

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
 * /profile/companyProfile: the company name (with an availability hint), its sign-in address,
 * logo and branding colours, with a live preview. `GET /company/{id}`, `PATCH /company`.
 */
export function CompanyProfileScreen({ frame: Frame = PageFrame }: { frame?: ScreenFrame }) {
  usePageTitle('Company profile');
  const rights = useCan();
  const companyId = useSession(workspaceIdOf) ?? '';
  const canView = rights.can('company:view');
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
          canBrand={rights.can('company:update-branding')}
        />
      </Panel>
    );
  })();

  return (
    <Frame
      title="Company profile"
      description="How your company appears to your team, your signers and on its own sign-in page."
    >
      {body}
    </Frame>
  );
}
