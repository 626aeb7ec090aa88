import { useMemo, useState, type FormEvent } from 'react';
import { Button, ColorInput, Group, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { IconDeviceFloppy } from '@tabler/icons-react';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { isApiError } from '../../shared/api/api-error';
import { COMPANY_BRANDING_KEY } from '../../shared/branding/company-branding';
import { ErrorAlert, errorText } from '../../shared/ui/page-kit';
import { updateCompanyProfile, type TCompanyProfile } from '../team/team-api';
import { TEAM_KEYS } from '../team/team-query-keys';
import { AppPreview } from './branding-preview';
import {
  brandingChanges,
  COLOUR_FIELDS,
  COLOUR_LABELS,
  colourErrors,
  contrastWarnings,
  valuesOf,
  type BrandingValues,
  type ColourField,
} from './branding-model';
import { ContrastWarnings } from './contrast-warnings';
import { MailPreview } from './mail-preview';

const DESCRIPTIONS: Partial<Record<ColourField, string>> = {
  primary_color: 'Buttons, links and highlights across the app; the bar and button of mails',
  link_color: 'Links in mails, on white. Empty: the primary colour, darkened until it reads',
};

/** Pairs whose check the server runs only when the change touches them. */
const touches = (changes: object, field: ColourField) =>
  field === 'link_color'
    ? 'link_color' in changes
    : field === 'dialog_header_text_color'
      ? 'dialog_header_color' in changes || 'dialog_header_text_color' in changes
      : field in changes;

/** The colours with their contrast warnings, the app and mail previews, and saving (`PATCH /company`). */
export function BrandingForm({
  profile,
  canEdit,
  canEditTemplates,
}: {
  profile: TCompanyProfile;
  canEdit: boolean;
  canEditTemplates: boolean;
}) {
  const queryClient = useQueryClient();
  const [values, setValues] = useState<BrandingValues>(() => valuesOf(profile.branding));
  const [serverErrors, setServerErrors] = useState<Partial<Record<string, string>>>({});
  const [critical, setCritical] = useState<string | null>(null);
  const errors = { ...serverErrors, ...colourErrors(values) };
  const changes = useMemo(() => brandingChanges(values, profile.branding), [values, profile.branding]);
  const warnings = contrastWarnings(values);
  const blocked = warnings.some((w) => w.blocking && touches(changes, w.field));
  const valid = Object.keys(colourErrors(values)).length === 0;

  const setValue = (field: ColourField, value: string) => {
    setValues((current) => ({ ...current, [field]: value }));
    setServerErrors((current) => ({ ...current, [field]: undefined }));
  };

  const save = useMutation({
    mutationFn: () => updateCompanyProfile({ branding: changes }),
    onSuccess: (saved) => {
      queryClient.setQueryData(TEAM_KEYS.company(saved._id), saved);
      // The running app takes the new look at once (the theme is built from the company branding).
      void queryClient.invalidateQueries({ queryKey: COMPANY_BRANDING_KEY });
      void queryClient.invalidateQueries({ queryKey: ['branding', 'mail-preview'] });
      setValues(valuesOf(saved.branding));
      setCritical(null);
      notifications.show({
        color: 'teal',
        title: 'Branding saved',
        message: 'The app and your next mails use it.',
      });
    },
    onError: (error) => {
      if (isApiError(error) && error.isValidation) {
        const own: Record<string, string> = {};
        for (const [key, message] of Object.entries(error.fieldErrors))
          own[key.replace(/^branding\./, '')] = message;
        setServerErrors(own);
        return;
      }
      setCritical(errorText(error));
    },
  });

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (valid && !blocked && Object.keys(changes).length) save.mutate();
  };

  return (
    <form onSubmit={submit} noValidate aria-label="Branding colours">
      <Stack gap="lg">
        {critical && <ErrorAlert>{critical}</ErrorAlert>}
        <SimpleGrid cols={{ base: 1, lg: 2 }} spacing="lg">
          <Stack gap="md">
            <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="md">
              {COLOUR_FIELDS.map((key) => (
                <ColorInput
                  key={key}
                  name={key}
                  label={COLOUR_LABELS[key]}
                  description={DESCRIPTIONS[key]}
                  placeholder={key === 'link_color' ? 'From the primary colour' : undefined}
                  format="hex"
                  value={values[key]}
                  onChange={(value) => setValue(key, value)}
                  error={errors[key]}
                  readOnly={!canEdit}
                  disallowInput={!canEdit}
                  withPicker={canEdit}
                />
              ))}
            </SimpleGrid>
            <ContrastWarnings warnings={warnings} onAdjust={setValue} disabled={!canEdit} />
            {canEdit && (
              <Group justify="flex-end">
                <Button
                  type="submit"
                  loading={save.isPending}
                  disabled={!valid || blocked || Object.keys(changes).length === 0}
                  leftSection={<IconDeviceFloppy size={16} />}
                >
                  Save branding
                </Button>
              </Group>
            )}
            <AppPreview values={values} />
          </Stack>
          <Stack gap="xs">
            <Title order={3} size="h5">
              Mails
            </Title>
            <Text size="xs" c="dimmed">
              A sample mail with these colours and your mail header and footer.
            </Text>
            <MailPreview changes={valid ? changes : {}} canEditTemplates={canEditTemplates} />
          </Stack>
        </SimpleGrid>
      </Stack>
    </form>
  );
}
