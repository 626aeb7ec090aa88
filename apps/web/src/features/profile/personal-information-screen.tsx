import { useState } from 'react';
import { Avatar, Button, Divider, FileButton, Group, Stack, Text, TextInput, Textarea } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { IconCheck, IconPhoto } from '@tabler/icons-react';
import { useMutation, useQuery } from '@tanstack/react-query';
import type { TUserDetails } from '@esigns/contracts/auth';
import { formatFullName, formatInitials } from '../../shared/format/name';
import { useSession, workspaceIdOf } from '../../shared/session/session-store';
import { NameFields, PhoneInput } from '../../shared/ui/account-forms/account-fields';
import { AccountForm } from '../../shared/ui/account-forms/account-form';
import { fetchProfile } from '../auth/auth-api';
import { PROFILE_QUERY_KEY } from '../auth/use-profile-sync';
import { useAuthForm } from '../auth/use-auth-form';
import { AvatarCropper } from './avatar-cropper';
import { AVATAR_TYPES, checkImageFile } from '../../shared/ui/image-files';
import { ProfileArea } from './profile-area';
import {
  toProfileUpdate,
  updateAvatar,
  updateProfile,
  validateProfile,
  type TProfileForm,
} from './profile-api';
import { FormAlert, FormSkeleton, LoadError, errorMessageOf } from './screen-states';
import { useSessionUserUpdates } from './use-session-user';

const FIELDS = ['first_name', 'last_name', 'title', 'phone', 'address'] as const;

function formOf(user: TUserDetails): TProfileForm {
  return {
    first_name: user.first_name ?? '',
    last_name: user.last_name ?? '',
    title: user.title ?? '',
    phone: user.phone ?? '',
    address: user.address ?? '',
  };
}

/** The profile as the shell keeps it (same query as its profile sync), else the session's copy. */
function useProfile() {
  const session = useSession();
  const userId = session.user?._id ?? null;
  const query = useQuery({
    queryKey: [...PROFILE_QUERY_KEY, userId, workspaceIdOf(session)],
    queryFn: fetchProfile,
    enabled: userId !== null,
    staleTime: 60_000,
  });
  const user = query.data ?? (session.user as TUserDetails | null);
  return { query, user };
}

function AvatarSection({ user }: { user: TUserDetails }) {
  const updates = useSessionUserUpdates();
  const [file, setFile] = useState<File | null>(null);
  const [pickError, setPickError] = useState<string | null>(null);
  const upload = useMutation({
    mutationFn: updateAvatar,
    onSuccess: (avatar) => {
      updates.patch({ avatar });
      setFile(null);
      notifications.show({
        color: 'teal',
        icon: <IconCheck size={18} />,
        message: 'Profile picture updated',
      });
    },
  });

  const pick = (picked: File | null) => {
    if (!picked) return;
    const problem = checkImageFile(picked, AVATAR_TYPES);
    setPickError(problem);
    upload.reset();
    if (!problem) setFile(picked);
  };

  return (
    <Stack gap="sm">
      <Group gap="lg" wrap="nowrap" align="center">
        <Avatar
          src={user.avatar || null}
          alt={user.avatar ? 'Your profile picture' : undefined}
          size={88}
          radius="50%"
          color="brand"
          data-testid="profile-avatar"
        >
          {formatInitials(user)}
        </Avatar>
        <Stack gap={6} style={{ minWidth: 0 }}>
          <Text fw={600} truncate>
            {formatFullName(user) || user.email}
          </Text>
          <Text size="xs" c="dimmed">
            PNG, JPEG or WebP. You can crop it to a square before it is saved.
          </Text>
          <Group gap="xs">
            <FileButton onChange={pick} accept={AVATAR_TYPES.join(',')}>
              {(props) => (
                <Button {...props} variant="light" size="xs" leftSection={<IconPhoto size={16} />}>
                  {user.avatar ? 'Change picture' : 'Upload picture'}
                </Button>
              )}
            </FileButton>
          </Group>
        </Stack>
      </Group>
      <FormAlert message={pickError ?? (upload.error ? errorMessageOf(upload.error) : null)} />
      <AvatarCropper
        file={file}
        onClose={() => setFile(null)}
        onCropped={(dataUrl) => upload.mutate(dataUrl)}
        isSaving={upload.isPending}
      />
    </Stack>
  );
}

function PersonalInformationForm({ user }: { user: TUserDetails }) {
  const updates = useSessionUserUpdates();
  const form = useAuthForm(formOf(user), FIELDS);
  const save = useMutation({ mutationFn: updateProfile });

  const submit = () => {
    const errors = validateProfile(form.values);
    form.setCritical(null);
    form.setErrors(errors);
    if (Object.keys(errors).length > 0) return;
    save.mutate(toProfileUpdate(form.values), {
      onSuccess: (details) => {
        updates.store(details);
        notifications.show({ color: 'teal', icon: <IconCheck size={18} />, message: 'Profile updated' });
      },
      onError: form.showError,
    });
  };

  return (
    <AccountForm
      label="Personal information"
      problem={form.critical}
      onSubmit={submit}
      submitLabel="Save changes"
      isSubmitAtEnd
      isPending={save.isPending}
    >
      <NameFields
        first={form.inputProps('first_name')}
        last={form.inputProps('last_name')}
        cols={{ base: 1, sm: 2 }}
      >
        <TextInput
          {...form.inputProps('title')}
          label="Title"
          placeholder="Sales manager"
          autoComplete="organization-title"
        />
        <PhoneInput {...form.inputProps('phone')} />
      </NameFields>
      <TextInput label="Email" value={user.email} readOnly disabled description="Your sign-in email." />
      <Textarea
        name="address"
        label="Address"
        value={form.values.address}
        onChange={(event) => form.setValue('address', event.currentTarget.value)}
        error={form.errors.address}
        rows={3}
        resize="vertical"
        autoComplete="street-address"
      />
    </AccountForm>
  );
}

/** /profile/personal-information: names, title, phone, address and the profile picture. */
export function PersonalInformationScreen() {
  const { query, user } = useProfile();
  return (
    <ProfileArea
      title="Personal information"
      description="Your name and picture show on documents you send and in the top bar."
    >
      {user ? (
        <Stack gap="xl">
          {query.isError && (
            <LoadError
              title="Could not load your latest profile"
              error={query.error}
              onRetry={() => void query.refetch()}
            />
          )}
          <AvatarSection user={user} />
          <Divider />
          <PersonalInformationForm key={user._id} user={user} />
        </Stack>
      ) : query.isError ? (
        <LoadError error={query.error} onRetry={() => void query.refetch()} />
      ) : (
        <FormSkeleton rows={5} label="Loading your profile" />
      )}
    </ProfileArea>
  );
}
