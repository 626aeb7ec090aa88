import { useState, type ReactNode } from 'react';
import { Badge, Button, Group, Paper, SimpleGrid, Stack, Text, ThemeIcon } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import {
  IconCheck,
  IconDeviceMobile,
  IconMail,
  IconRefresh,
  IconShieldCheck,
  IconShieldOff,
} from '@tabler/icons-react';
import { useMutation } from '@tanstack/react-query';
import { useBranding } from '../../shared/branding/branding-provider';
import { useSession } from '../../shared/session/session-store';
import { PasswordConfirmDialog } from './password-confirm-dialog';
import { ProfileArea } from './profile-area';
import {
  disableSecondFactor,
  enableEmailCodes,
  regenerateRecoveryCodes,
  startTotpSetup,
  type TTotpSetup,
} from './profile-api';
import { RecoveryCodesPanel } from './recovery-codes-panel';
import { FormAlert, errorMessageOf } from './screen-states';
import { TotpEnrolment } from './totp-enrolment';
import { useSessionUserUpdates } from './use-session-user';

type Dialog = 'email' | 'regenerate' | 'disable' | null;

function MethodCard({
  icon,
  title,
  description,
  action,
}: {
  icon: ReactNode;
  title: string;
  description: string;
  action: ReactNode;
}) {
  return (
    <Paper withBorder radius="md" p="md">
      <Stack gap="sm" h="100%" justify="space-between">
        <Group gap="sm" wrap="nowrap" align="flex-start">
          <ThemeIcon variant="light" size={40} radius="md">
            {icon}
          </ThemeIcon>
          <Stack gap={2} style={{ minWidth: 0 }}>
            <Text fw={600}>{title}</Text>
            <Text size="sm" c="dimmed">
              {description}
            </Text>
          </Stack>
        </Group>
        <Group justify="flex-end">{action}</Group>
      </Stack>
    </Paper>
  );
}

/**
 * /profile/two-step-verification: turn on an authenticator app (QR, then a first code) or mailed
 * codes (password); then recovery codes are shown once. When on: new recovery codes, or off.
 */
export function TwoStepVerificationScreen() {
  const { app_name: appName } = useBranding();
  const user = useSession((state) => state.user);
  const isEnabled = user?.mf2a_enabled === true;
  const updates = useSessionUserUpdates();
  const [setup, setSetup] = useState<TTotpSetup | null>(null);
  const [codes, setCodes] = useState<string[] | null>(null);
  const [dialog, setDialog] = useState<Dialog>(null);
  const start = useMutation({ mutationFn: startTotpSetup, onSuccess: setSetup });

  const showCodes = (next: string[], message: string) => {
    setSetup(null);
    setDialog(null);
    setCodes(next);
    updates.patch({ mf2a_enabled: true });
    notifications.show({ color: 'teal', icon: <IconCheck size={18} />, message });
  };

  let content: ReactNode;
  if (codes) {
    content = (
      <RecoveryCodesPanel
        codes={codes}
        appName={appName}
        email={typeof user?.email === 'string' ? user.email : undefined}
        onDone={() => setCodes(null)}
      />
    );
  } else if (setup) {
    content = (
      <TotpEnrolment
        setup={setup}
        onEnabled={(next) => showCodes(next, 'Two-step verification is on')}
        onCancel={() => setSetup(null)}
      />
    );
  } else {
    content = (
      <Stack gap="lg">
        <FormAlert message={start.error ? errorMessageOf(start.error) : null} />
        {isEnabled ? (
          <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
            <MethodCard
              icon={<IconRefresh size={22} />}
              title="Recovery codes"
              description="Make ten new codes if you lost yours or used most of them. The old ones stop working."
              action={
                <Button variant="light" onClick={() => setDialog('regenerate')}>
                  New recovery codes
                </Button>
              }
            />
            <MethodCard
              icon={<IconDeviceMobile size={22} />}
              title="Authenticator app"
              description="Move to (or re-link) an authenticator app; it replaces the method you use now."
              action={
                <Button variant="light" loading={start.isPending} onClick={() => start.mutate()}>
                  Set up app
                </Button>
              }
            />
            <MethodCard
              icon={<IconShieldOff size={22} />}
              title="Turn off"
              description="Sign in with your password only. Not recommended."
              action={
                <Button color="red" variant="light" onClick={() => setDialog('disable')}>
                  Turn off
                </Button>
              }
            />
          </SimpleGrid>
        ) : (
          <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
            <MethodCard
              icon={<IconDeviceMobile size={22} />}
              title="Authenticator app"
              description="Codes from an app on your phone. Works offline; the safer choice."
              action={
                <Button loading={start.isPending} onClick={() => start.mutate()}>
                  Set up app
                </Button>
              }
            />
            <MethodCard
              icon={<IconMail size={22} />}
              title="Email codes"
              description="A code is mailed to you at each sign-in."
              action={
                <Button variant="light" onClick={() => setDialog('email')}>
                  Use email codes
                </Button>
              }
            />
          </SimpleGrid>
        )}
      </Stack>
    );
  }

  return (
    <ProfileArea
      title="Two-step verification"
      description="A second step at sign-in: a code from an app or your email, as well as your password."
      actions={
        <Badge
          size="lg"
          variant="light"
          color={isEnabled ? 'teal' : 'gray'}
          leftSection={isEnabled ? <IconShieldCheck size={14} /> : <IconShieldOff size={14} />}
          data-testid="mf2a-status"
        >
          {isEnabled ? 'On' : 'Off'}
        </Badge>
      }
    >
      {content}
      <PasswordConfirmDialog
        opened={dialog === 'email'}
        onClose={() => setDialog(null)}
        title="Use email codes"
        description="At each sign-in we will mail a 6-digit code to you. Confirm with your password."
        confirmLabel="Turn on"
        action={enableEmailCodes}
        onSuccess={(next) => showCodes(next, 'Two-step verification is on')}
      />
      <PasswordConfirmDialog
        opened={dialog === 'regenerate'}
        onClose={() => setDialog(null)}
        title="New recovery codes"
        description="Your current recovery codes will stop working. Confirm with your password."
        confirmLabel="Make new codes"
        action={regenerateRecoveryCodes}
        onSuccess={(next) => showCodes(next, 'New recovery codes made')}
      />
      <PasswordConfirmDialog
        opened={dialog === 'disable'}
        onClose={() => setDialog(null)}
        title="Turn off two-step verification"
        description="You will sign in with your password only, and your recovery codes stop working."
        confirmLabel="Turn off"
        color="red"
        action={disableSecondFactor}
        onSuccess={() => {
          setDialog(null);
          updates.patch({ mf2a_enabled: false });
          notifications.show({
            color: 'teal',
            icon: <IconCheck size={18} />,
            message: 'Two-step verification is off',
          });
        }}
      />
    </ProfileArea>
  );
}
