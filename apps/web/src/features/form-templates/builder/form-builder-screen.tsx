import { useCallback, useEffect, useMemo, useReducer, useRef, useState, type ReactNode } from 'react';
import {
  Alert,
  Box,
  Button,
  Checkbox,
  Group,
  NumberInput,
  Paper,
  ScrollArea,
  SegmentedControl,
  Skeleton,
  Stack,
  Text,
  TextInput,
  Textarea,
  Title,
} from '@mantine/core';
import { notifications } from '@mantine/notifications';
import {
  DndContext,
  KeyboardSensor,
  PointerSensor,
  useSensor,
  useSensors,
  type DragEndEvent,
} from '@dnd-kit/core';
import { IconArrowLeft, IconDeviceFloppy } from '@tabler/icons-react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Link, useNavigate, useParams } from 'react-router';
import type { TFormTemplate } from '@esigns/contracts/form-templates';
import { GRID_COLUMNS, type TFormFieldType } from '@esigns/contracts/nocode-field-types';
import { ZFormFields } from '@esigns/contracts/nocode-template-check';
import { isApiError } from '../../../shared/api/api-error';
import { usePageTitle } from '../../../shared/branding/use-page-title';
import { ErrorAlert, NoAccess, PageFrame, Panel, QueryFailure, errorText } from '../../../shared/ui/page-kit';
import { useCan } from '../../../shared/permissions/use-can';
import {
  FORM_TEMPLATE_KEYS,
  createFormTemplate,
  fetchFormTemplate,
  updateFormTemplate,
  type FormTemplateDraft,
} from '../form-templates-api';
import { TemplateForm } from '../renderer/template-form';
import { BuilderCanvas, CANVAS_ID, ROW_GAP, ROW_HEIGHT } from './builder-canvas';
import { builderReducer, fieldsOf, problemsByField } from './builder-state';
import { FieldPalette } from './field-palette';
import { FieldProperties } from './field-properties';

type Settings = { name: string; description: string; is_repeatable: boolean; max_entries: number | null };

/** Server 422 details on `fields.N.path` by field index, and the others by key. */
function splitServerErrors(fieldErrors: Record<string, string>) {
  const byIndex = new Map<number, Record<string, string>>();
  const rest: Record<string, string> = {};
  for (const [key, message] of Object.entries(fieldErrors)) {
    const match = /^fields\.(\d+)(?:\.(.+))?$/.exec(key);
    if (!match) rest[key] = message;
    else {
      const index = Number(match[1]);
      byIndex.set(index, { ...byIndex.get(index), [match[2] ?? 'field']: message });
    }
  }
  return { byIndex, rest };
}

function Builder({ template }: { template: TFormTemplate | null }) {
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const [state, dispatch] = useReducer(builderReducer, { items: [], selected: null });
  const [settings, setSettings] = useState<Settings>({
    name: template?.name ?? '',
    description: template?.description ?? '',
    is_repeatable: template?.is_repeatable ?? false,
    max_entries: template?.max_entries ?? null,
  });
  const [mode, setMode] = useState<'build' | 'preview'>('build');
  const [serverErrors, setServerErrors] = useState<{
    byIndex: Map<number, Record<string, string>>;
    rest: Record<string, string>;
  }>({ byIndex: new Map(), rest: {} });
  const [isSubmitted, setSubmitted] = useState(false);
  const gridRef = useRef<HTMLDivElement | null>(null);

  useEffect(() => {
    if (template) dispatch({ type: 'load', fields: template.fields });
  }, [template]);

  const localProblems = useMemo(() => problemsByField(state), [state]);
  const problems = useMemo(() => {
    const merged = new Map(localProblems);
    state.items.forEach((item, index) => {
      const fromServer = serverErrors.byIndex.get(index);
      if (fromServer) merged.set(item.uid, { ...fromServer, ...merged.get(item.uid) });
    });
    return merged;
  }, [localProblems, serverErrors, state.items]);
  const preview = useMemo(() => ZFormFields.safeParse(fieldsOf(state)), [state]);

  const addField = useCallback((fieldType: TFormFieldType) => dispatch({ type: 'add', fieldType }), []);
  const sensors = useSensors(
    useSensor(PointerSensor, { activationConstraint: { distance: 6 } }),
    useSensor(KeyboardSensor),
  );
  const onDragEnd = (event: DragEndEvent) => {
    const grid = gridRef.current;
    const rect = event.active.rect.current.translated;
    if (!grid || !rect || event.over?.id !== CANVAS_ID) return;
    const box = grid.getBoundingClientRect();
    const column = (box.width + ROW_GAP) / GRID_COLUMNS;
    const at = {
      x: Math.round((rect.left - box.left) / column),
      y: Math.round((rect.top - box.top) / (ROW_HEIGHT + ROW_GAP)),
    };
    const data = event.active.data.current as
      { kind: 'palette'; fieldType: TFormFieldType } | { kind: 'field'; uid: string } | undefined;
    if (data?.kind === 'palette') dispatch({ type: 'add', fieldType: data.fieldType, at });
    if (data?.kind === 'field') dispatch({ type: 'move', uid: data.uid, at });
  };

  const save = useMutation({
    mutationFn: (draft: FormTemplateDraft) =>
      template ? updateFormTemplate(template._id, template.version, draft) : createFormTemplate(draft),
    onSuccess: (saved) => {
      setServerErrors({ byIndex: new Map(), rest: {} });
      queryClient.setQueryData(FORM_TEMPLATE_KEYS.one(saved._id), saved);
      void queryClient.invalidateQueries({ queryKey: FORM_TEMPLATE_KEYS.all });
      notifications.show({ color: 'teal', message: template ? 'Template saved' : `${saved.name} created` });
      if (!template) void navigate(`/template/${encodeURIComponent(saved._id)}/edit`, { replace: true });
    },
    onError: (error) => {
      if (isApiError(error) && error.isValidation) setServerErrors(splitServerErrors(error.fieldErrors));
    },
  });

  const nameError = (isSubmitted && !settings.name.trim() ? 'Required' : undefined) ?? serverErrors.rest.name;
  const fieldCountError =
    isSubmitted && state.items.length === 0 ? 'Add at least one field' : serverErrors.rest.fields;
  const submit = () => {
    setSubmitted(true);
    if (!settings.name.trim() || state.items.length === 0 || localProblems.size > 0) return;
    save.mutate({
      ...settings,
      name: settings.name.trim(),
      max_entries: settings.is_repeatable ? settings.max_entries : null,
      fields: fieldsOf(state),
    });
  };
  const selected = state.items.find((item) => item.uid === state.selected) ?? null;

  return (
    <Stack gap="md">
      <Group justify="space-between" align="flex-end" wrap="wrap">
        <Group gap="sm" align="flex-end" style={{ flex: 1, minWidth: 280 }}>
          <Button
            component={Link}
            to="/template"
            variant="subtle"
            leftSection={<IconArrowLeft size={16} />}
            px={6}
          >
            Templates
          </Button>
          <TextInput
            label="Template name"
            placeholder="e.g. Property listing"
            style={{ flex: 1, maxWidth: 420 }}
            value={settings.name}
            onChange={(e) => setSettings({ ...settings, name: e.currentTarget.value })}
            error={nameError}
          />
        </Group>
        <Group gap="sm">
          <SegmentedControl
            data={[
              { value: 'build', label: 'Build' },
              { value: 'preview', label: 'Preview' },
            ]}
            value={mode}
            onChange={(value) => setMode(value as 'build' | 'preview')}
          />
          <Button leftSection={<IconDeviceFloppy size={16} />} onClick={submit} loading={save.isPending}>
            {template ? 'Save' : 'Create template'}
          </Button>
        </Group>
      </Group>
      {save.error &&
        !(
          isApiError(save.error) &&
          save.error.isValidation &&
          Object.keys(save.error.fieldErrors).length > 0
        ) && <ErrorAlert>{errorText(save.error)}</ErrorAlert>}
      {isSubmitted && (localProblems.size > 0 || fieldCountError) && (
        <Alert color="red" role="alert">
          {fieldCountError ??
            `${localProblems.size} ${localProblems.size === 1 ? 'field needs' : 'fields need'} fixing: select the fields marked in red.`}
        </Alert>
      )}
      {mode === 'preview' ? (
        <Paper withBorder p="lg" radius="md">
          <Title order={4} mb="md">
            {settings.name || 'Untitled template'}
          </Title>
          {preview.success ? (
            <TemplateForm fields={preview.data} />
          ) : (
            <Text c="dimmed">Fix the problems marked in the builder to preview the form.</Text>
          )}
        </Paper>
      ) : (
        <DndContext sensors={sensors} onDragEnd={onDragEnd}>
          <Box
            style={{
              display: 'grid',
              gridTemplateColumns: 'minmax(200px, 240px) minmax(0, 1fr) minmax(260px, 340px)',
              gap: 'var(--mantine-spacing-md)',
              alignItems: 'start',
            }}
          >
            <Paper withBorder p="sm" radius="md">
              <FieldPalette onAdd={addField} />
            </Paper>
            <BuilderCanvas state={state} problems={problems} dispatch={dispatch} gridRef={gridRef} />
            <Paper withBorder p="sm" radius="md">
              <ScrollArea.Autosize mah="calc(100vh - 220px)" offsetScrollbars>
                {selected ? (
                  <FieldProperties
                    item={selected}
                    items={state.items}
                    problems={problems.get(selected.uid) ?? {}}
                    dispatch={dispatch}
                  />
                ) : (
                  <Stack gap="sm" data-testid="template-settings">
                    <Title order={5}>Template</Title>
                    <Textarea
                      size="xs"
                      label="Description"
                      resize="vertical"
                      rows={2}
                      value={settings.description}
                      onChange={(e) => setSettings({ ...settings, description: e.currentTarget.value })}
                      error={serverErrors.rest.description}
                    />
                    <Checkbox
                      size="xs"
                      label="Repeatable (several entries per record, like line items)"
                      checked={settings.is_repeatable}
                      onChange={(e) => setSettings({ ...settings, is_repeatable: e.currentTarget.checked })}
                    />
                    {settings.is_repeatable && (
                      <NumberInput
                        size="xs"
                        label="Most entries per record"
                        placeholder="No limit"
                        min={1}
                        max={1000}
                        allowDecimal={false}
                        value={settings.max_entries ?? ''}
                        onChange={(v) =>
                          setSettings({ ...settings, max_entries: typeof v === 'number' ? v : null })
                        }
                        error={serverErrors.rest.max_entries}
                      />
                    )}
                    <Text size="xs" c="dimmed">
                      Select a field on the grid to change it. {state.items.length}{' '}
                      {state.items.length === 1 ? 'field' : 'fields'}.
                    </Text>
                  </Stack>
                )}
              </ScrollArea.Autosize>
            </Paper>
          </Box>
        </DndContext>
      )}
    </Stack>
  );
}

/**
 * /template/create and /template/{template_id}/edit: the form builder. Field types are dragged
 * from the palette onto a 12-column grid (or clicked to add them at the end), configured in the
 * properties panel and previewed with the validator records use. Standard templates cannot be
 * edited: their page offers to open them instead.
 */
export function FormBuilderScreen() {
  const { template_id: id } = useParams();
  const rights = useCan();
  usePageTitle(id ? 'Edit form template' : 'Create form template');
  const loaded = useQuery({
    queryKey: FORM_TEMPLATE_KEYS.one(id ?? ''),
    queryFn: ({ signal }) => fetchFormTemplate(id!, signal),
    enabled: Boolean(id),
  });
  const frame = (content: ReactNode) => (
    <PageFrame title={id ? 'Edit form template' : 'New form template'}>{content}</PageFrame>
  );
  const needed = id ? 'form-templates:update' : 'form-templates:create';

  if (rights.isLoading || (id && loaded.isPending))
    return frame(<Skeleton h={420} radius="md" aria-busy="true" />);
  if (!rights.can(needed)) {
    return frame(
      <Panel>
        <NoAccess>
          Your user type cannot {id ? 'change' : 'create'} form templates. Ask an owner or admin if you need
          access.
        </NoAccess>
      </Panel>,
    );
  }
  if (id && loaded.error) {
    return frame(
      <QueryFailure
        query={loaded}
        title="Could not load the template"
        noAccess="You cannot open this template."
      />,
    );
  }
  if (loaded.data?.type === 'STANDARD') {
    return frame(
      <Alert color="blue" title="A standard template">
        {loaded.data.name} is built in and cannot be changed.{' '}
        <Link to={`/template/${encodeURIComponent(loaded.data._id)}/view`}>Open it</Link> and duplicate it to
        make your own copy.
      </Alert>,
    );
  }
  return <Builder key={loaded.data?._id ?? 'new'} template={loaded.data ?? null} />;
}
