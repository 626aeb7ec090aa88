import { useRef, useState } from 'react';
import { Button, FileButton, Group, Image, Input, Paper, Stack, Text } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { IconPhotoUp, IconUpload, IconX } from '@tabler/icons-react';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useBranding } from '../../shared/branding/branding-provider';
import { uploadCompanyLogo, type TCompanyProfile } from '../team/team-api';
import { TEAM_KEYS } from '../team/team-query-keys';
import { errorText } from '../../shared/ui/page-kit';
import { COMPANY_BRANDING_KEY } from '../../shared/branding/company-branding';

export const LOGO_TYPES = ['image/png', 'image/jpeg', 'image/webp'] as const;
export const MAX_LOGO_BYTES = 1024 * 1024;

function readAsDataUrl(file: File): Promise<string> {
  return new Promise((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => resolve(String(reader.result));
    reader.onerror = () => reject(reader.error ?? new Error('The file could not be read'));
    reader.readAsDataURL(file);
  });
}

/** Why a picked file cannot be the logo, or null when it can. */
export function checkLogoFile(file: Pick<File, 'type' | 'size'>): string | null {
  if (!(LOGO_TYPES as readonly string[]).includes(file.type)) return 'Choose a PNG, JPEG or WebP image';
  if (file.size > MAX_LOGO_BYTES) return 'The logo must be at most 1 MB';
  return null;
}

/** The company logo: pick an image, see it, upload it (`POST /company/logo`). */
export function CompanyLogoCard({ profile, canEdit }: { profile: TCompanyProfile; canEdit: boolean }) {
  const branding = useBranding();
  const queryClient = useQueryClient();
  const resetRef = useRef<() => void>(null);
  const [picked, setPicked] = useState<{ name: string; dataUrl: string } | null>(null);
  const [error, setError] = useState<string | null>(null);

  const upload = useMutation({
    mutationFn: (dataUrl: string) => uploadCompanyLogo(dataUrl),
    onSuccess: (logoUrl) => {
      queryClient.setQueryData<TCompanyProfile>(TEAM_KEYS.company(profile._id), (current) =>
        current ? { ...current, logo_url: logoUrl } : current,
      );
      void queryClient.invalidateQueries({ queryKey: COMPANY_BRANDING_KEY });
      setPicked(null);
      resetRef.current?.();
      notifications.show({ color: 'teal', title: 'Logo uploaded', message: profile.name });
    },
    onError: (failure) => setError(errorText(failure)),
  });

  const pick = async (file: File | null) => {
    setError(null);
    if (!file) return;
    const problem = checkLogoFile(file);
    if (problem) {
      setError(problem);
      resetRef.current?.();
      return;
    }
    try {
      setPicked({ name: file.name, dataUrl: await readAsDataUrl(file) });
    } catch (failure) {
      setError(errorText(failure));
    }
  };

  const cancel = () => {
    setPicked(null);
    setError(null);
    resetRef.current?.();
  };

  const src = picked?.dataUrl ?? profile.logo_url ?? branding.logo_url;
  return (
    <Input.Wrapper
      label="Logo"
      description="PNG, JPEG or WebP, at most 1 MB. Shown on your sign-in page and in the app."
      error={error}
    >
      <Group gap="md" mt={6} wrap="wrap" align="center">
        <Paper withBorder radius="md" p="xs" w={120} h={80} bg="gray.0">
          <Image
            src={src}
            alt={picked ? 'New logo preview' : 'Current logo'}
            fit="contain"
            h="100%"
            w="100%"
            data-testid="logo-preview"
          />
        </Paper>
        <Stack gap={6}>
          {picked ? (
            <>
              <Text size="xs" c="dimmed" maw={220} truncate>
                {picked.name}
              </Text>
              <Group gap="xs">
                <Button
                  size="xs"
                  leftSection={<IconUpload size={14} />}
                  loading={upload.isPending}
                  onClick={() => upload.mutate(picked.dataUrl)}
                >
                  Upload logo
                </Button>
                <Button
                  size="xs"
                  variant="default"
                  leftSection={<IconX size={14} />}
                  onClick={cancel}
                  disabled={upload.isPending}
                >
                  Cancel
                </Button>
              </Group>
            </>
          ) : (
            <FileButton
              onChange={(file) => void pick(file)}
              accept={LOGO_TYPES.join(',')}
              resetRef={resetRef}
              disabled={!canEdit}
              inputProps={{ 'aria-label': 'Logo file' }}
            >
              {(props) => (
                <Button
                  {...props}
                  size="xs"
                  variant="default"
                  leftSection={<IconPhotoUp size={14} />}
                  disabled={!canEdit}
                >
                  Choose logo
                </Button>
              )}
            </FileButton>
          )}
        </Stack>
      </Group>
    </Input.Wrapper>
  );
}
