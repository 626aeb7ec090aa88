import { useMemo, useState } from 'react';
import { Alert, Box, Button, Group, Paper, SegmentedControl, Stack, TextInput } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { IconRefresh } from '@tabler/icons-react';
import { useQueryClient } from '@tanstack/react-query';
import type { TFormBuilder, TFormSettings } from '@esigns/contracts/form-builders';
import { isApiError } from '../../../shared/api/api-error';
import { ConfirmDialog, ErrorAlert, errorText } from '../../../shared/ui/page-kit';
import { FORM_BUILDER_KEYS, fetchFormBuilder } from '../form-builders-api';
import { BuilderEditor } from './builder-editor';
import { BuilderHeader } from './builder-header';
import { firstTabWithErrors, unplacedErrors, type BuilderTab } from './builder-tabs';
import { draftOf, draftProblems, emptyDraft, keyedBySteps, type FormDraft } from './form-draft';
import { FormPreview } from './form-preview';
import { useLeaveGuard } from './use-leave-guard';
import { useSaveForm } from './use-save-form';

const WIDE = '(min-width: 75em)';

/** The builder of one form (or a new one): settings on the left, the live preview beside them. */
export function Builder({ form }: { form: TFormBuilder | null }) {
  const queryClient = useQueryClient();
  const [saved, setSaved] = useState(form);
  const [draft, setDraft] = useState<FormDraft>(() => (form ? draftOf(form) : emptyDraft()));
  const [isSubmitted, setSubmitted] = useState(false);
  const [tab, setTab] = useState<BuilderTab>('steps');
  const [pane, setPane] = useState<'build' | 'preview'>('build');
  const isWide = useMediaQuery(WIDE) ?? true;
  const guard = useLeaveGuard(draft);
  const save = useSaveForm(saved, (form, sent) => {
    setSaved(form);
    guard.markSaved(sent);
  });
  const local = useMemo(() => draftProblems(draft), [draft]);
  const errors = { ...save.serverErrors, ...(isSubmitted ? local : {}) };

  const onDraft = (patch: Partial<FormDraft>) => setDraft((current) => ({ ...current, ...patch }));
  const onSettings = (patch: Partial<TFormSettings>) =>
    setDraft((current) => ({ ...current, settings: { ...current.settings, ...patch } }));
  const submit = () => {
    setSubmitted(true);
    const problemTab = firstTabWithErrors(local);
    if (Object.keys(local).length > 0) {
      if (problemTab) setTab(problemTab);
      setPane('build');
      return;
    }
    save.mutation.mutate(draft, {
      onError: (error) => {
        if (!isApiError(error) || !error.isValidation) return;
        const serverTab = firstTabWithErrors(keyedBySteps(error.fieldErrors, draft.steps));
        if (serverTab) setTab(serverTab);
      },
    });
  };
  const reload = async () => {
    if (!saved) return;
    const fresh = await queryClient.fetchQuery({
      queryKey: FORM_BUILDER_KEYS.one(saved._id),
      queryFn: ({ signal }) => fetchFormBuilder(saved._id, signal),
      staleTime: 0,
    });
    const freshDraft = draftOf(fresh);
    setSaved(fresh);
    setDraft(freshDraft);
    guard.markSaved(freshDraft);
    save.mutation.reset();
  };

  const section = { draft, errors, onDraft, onSettings };
  const unplaced = unplacedErrors(save.serverErrors);
  const editor = (
    <Paper withBorder radius="md" p="md" style={{ flex: 1, minWidth: 0 }}>
      <Stack gap="md">
        <TextInput
          label="Form name"
          placeholder="e.g. Tenant application"
          value={draft.name}
          onChange={(event) => onDraft({ name: event.currentTarget.value })}
          error={errors.name}
          required
        />
        <BuilderEditor {...section} saved={saved} tab={tab} onTab={setTab} />
      </Stack>
    </Paper>
  );
  const preview = (
    <Box
      w={isWide ? undefined : '100%'}
      style={{
        flexShrink: 0,
        position: isWide ? 'sticky' : undefined,
        top: 'calc(var(--app-shell-header-height, 60px) + 16px)',
      }}
    >
      <FormPreview draft={draft} isBeside={isWide} />
    </Box>
  );

  return (
    <Stack gap="md">
      <BuilderHeader
        saved={saved}
        draft={draft}
        onDraft={onDraft}
        onSave={submit}
        isSaving={save.mutation.isPending}
      />
      <ConfirmDialog
        opened={guard.blocker.state === 'blocked'}
        title="Leave without saving?"
        confirmLabel="Leave"
        onConfirm={() => guard.blocker.proceed?.()}
        onClose={() => guard.blocker.reset?.()}
      >
        The changes you made to this form since it was last saved will be lost.
      </ConfirmDialog>
      {save.isConflict && (
        <Alert color="orange" role="alert" title="Someone else saved this form meanwhile">
          <Stack gap="xs" align="flex-start">
            <span>
              It changed after you opened it, so your changes were not saved. Reload it to see the saved
              version (what you changed here since is then lost) and make your changes again.
            </span>
            <Button
              size="compact-sm"
              variant="light"
              leftSection={<IconRefresh size={14} />}
              onClick={() => void reload()}
            >
              Reload the form
            </Button>
          </Stack>
        </Alert>
      )}
      {save.otherError ? <ErrorAlert>{errorText(save.otherError)}</ErrorAlert> : null}
      {unplaced.length > 0 && <ErrorAlert>{unplaced.join(' · ')}</ErrorAlert>}
      {isWide ? (
        <Group align="flex-start" gap="md" wrap="nowrap">
          {editor}
          {preview}
        </Group>
      ) : (
        <>
          <SegmentedControl
            fullWidth
            value={pane}
            onChange={(value) => setPane(value as 'build' | 'preview')}
            data={[
              { value: 'build', label: 'Build' },
              { value: 'preview', label: 'Preview' },
            ]}
          />
          {pane === 'build' ? editor : preview}
        </>
      )}
    </Stack>
  );
}
