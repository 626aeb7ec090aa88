import { useState } from 'react';
import {
  Alert,
  Button,
  Code,
  Group,
  PasswordInput,
  Select,
  SimpleGrid,
  Stack,
  Switch,
  TagsInput,
  Text,
  TextInput,
} from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { SSO_NEW_USER_TYPES, type TSsoConfig, type TSsoConfigWrite } from '@esigns/contracts/sso';
import { isApiError } from '../../shared/api/api-error';
import { ErrorAlert, Panel, errorText } from '../../shared/ui/page-kit';
import { SSO_KEYS, saveSsoConfig } from './sso-api';

type Draft = Required<Omit<TSsoConfigWrite, 'client_secret'>> & { client_secret: string };

function draftOf(config: TSsoConfig): Draft {
  return {
    enabled: config.configured ? config.enabled : true,
    issuer: config.issuer ?? '',
    client_id: config.client_id ?? '',
    client_secret: '',
    allowed_domains: config.allowed_domains,
    auto_create_users: config.auto_create_users,
    new_user_type: config.new_user_type,
  };
}

/** The secret only when typed (left empty, the stored one is kept). */
function bodyOf(draft: Draft): TSsoConfigWrite {
  const { client_secret, ...rest } = draft;
  return { ...rest, ...(client_secret ? { client_secret } : {}) };
}

function UrlLine({ label, value }: { label: string; value: string }) {
  return (
    <Text size="sm">
      {label}: <Code style={{ wordBreak: 'break-all' }}>{value}</Code>
    </Text>
  );
}

/** The provider form: saved enabled settings are tried first (the issuer's discovery document). */
export function SsoConfigForm({ config }: { config: TSsoConfig }) {
  const [draft, setDraft] = useState(() => draftOf(config));
  const queryClient = useQueryClient();
  const save = useMutation({
    mutationFn: () => saveSsoConfig(bodyOf(draft)),
    onSuccess: (saved) => {
      queryClient.setQueryData(SSO_KEYS.config, saved);
      setDraft((d) => ({ ...d, client_secret: '' }));
      notifications.show({ color: 'teal', message: 'Single sign-on settings saved' });
    },
  });
  const set =
    <K extends keyof Draft>(key: K) =>
    (value: Draft[K]) =>
      setDraft((d) => ({ ...d, [key]: value }));
  const fieldErr = (key: string) =>
    isApiError(save.error) && save.error.isValidation ? save.error.fieldErrors[key] : undefined;
  const problem =
    save.error && !(isApiError(save.error) && save.error.isValidation) ? errorText(save.error) : null;
  return (
    <Panel>
      <Stack p="md" gap="sm" maw={760}>
        {problem ? <ErrorAlert>{problem}</ErrorAlert> : null}
        <Alert color="blue" title="Register these with your provider">
          <Stack gap={4}>
            <UrlLine label="Redirect URI" value={config.redirect_uri} />
            <UrlLine label="Back-channel logout URI" value={config.backchannel_logout_uri} />
          </Stack>
        </Alert>
        <Switch
          label="Staff may sign in with this provider"
          checked={draft.enabled}
          onChange={(e) => set('enabled')(e.currentTarget.checked)}
        />
        <TextInput
          label="Issuer URL"
          required
          placeholder="https://login.example.com/realms/acme"
          value={draft.issuer}
          onChange={(e) => set('issuer')(e.currentTarget.value)}
          error={fieldErr('issuer')}
        />
        <SimpleGrid cols={{ base: 1, sm: 2 }}>
          <TextInput
            label="Client id"
            required
            autoComplete="off"
            value={draft.client_id}
            onChange={(e) => set('client_id')(e.currentTarget.value)}
            error={fieldErr('client_id')}
          />
          <PasswordInput
            label="Client secret"
            autoComplete="new-password"
            placeholder={
              config.has_client_secret ? 'Saved (leave empty to keep it)' : 'None: a public client'
            }
            value={draft.client_secret}
            onChange={(e) => set('client_secret')(e.currentTarget.value)}
            error={fieldErr('client_secret')}
          />
        </SimpleGrid>
        <TagsInput
          label="Allowed email domains"
          description="Staff with these addresses use single sign-on; their email finds your company. Empty: any address your provider vouches for (sign-in by company name)."
          placeholder="example.com"
          value={draft.allowed_domains}
          onChange={set('allowed_domains')}
          error={fieldErr('allowed_domains') ?? fieldErr('allowed_domains.0')}
        />
        <SimpleGrid cols={{ base: 1, sm: 2 }}>
          <Switch
            label="Create accounts for new staff"
            description="Off: an administrator adds them first."
            checked={draft.auto_create_users}
            onChange={(e) => set('auto_create_users')(e.currentTarget.checked)}
          />
          <Select
            label="User type of new staff"
            data={SSO_NEW_USER_TYPES.map((value) => ({
              value,
              label: value.charAt(0) + value.slice(1).toLowerCase(),
            }))}
            value={draft.new_user_type}
            onChange={(v) => v && set('new_user_type')(v as Draft['new_user_type'])}
            allowDeselect={false}
            disabled={!draft.auto_create_users}
          />
        </SimpleGrid>
        <Group justify="flex-end">
          <Button onClick={() => save.mutate()} loading={save.isPending}>
            {draft.enabled ? 'Check and save' : 'Save'}
          </Button>
        </Group>
      </Stack>
    </Panel>
  );
}
