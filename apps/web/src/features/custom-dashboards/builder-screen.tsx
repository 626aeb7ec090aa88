import { useState } from 'react';
import { Alert, Button, Group, Menu, Paper, SimpleGrid, Stack, Textarea, TextInput } from '@mantine/core';
import {
  IconCalendar,
  IconChartBar,
  IconClock,
  IconDeviceFloppy,
  IconEye,
  IconLayoutDashboard,
  IconNumber,
  IconPlus,
  IconTable,
  IconTypography,
} from '@tabler/icons-react';
import { Link, useParams } from 'react-router';
import {
  DASHBOARD_MAX_WIDGETS,
  type TDashboardWidget,
  type TDashboardWidgetType,
} from '@esigns/contracts/custom-dashboards';
import { usePageTitle } from '../../shared/branding/use-page-title';
import { useCan } from '../../shared/permissions/use-can';
import {
  ConfirmDialog,
  ErrorAlert,
  LoadError,
  NoAccess,
  PageFrame,
  Panel,
  StateMessage,
  errorText,
} from '../../shared/ui/page-kit';
import { SkeletonStack } from '../../shared/ui/list-screen';
import { AssignmentFields } from './assignment-fields';
import { BuilderGrid } from './builder-grid';
import { newWidget, widgetErrors, type DashboardDraft } from './builder-state';
import { pagePath } from './paths';
import { useDashboardDraft, useUnsavedGuard } from './use-dashboard-draft';
import { WidgetEditor } from './widget-editor';
import { WIDGET_TYPE_LABELS } from './widget-frame';

const ADDABLE: { type: TDashboardWidgetType; icon: typeof IconNumber; hint: string }[] = [
  { type: 'STAT', icon: IconNumber, hint: 'A count or total' },
  { type: 'CHART', icon: IconChartBar, hint: 'Bar, line, area, pie or donut' },
  { type: 'TABLE', icon: IconTable, hint: "An entity view's first rows" },
  { type: 'CALENDAR', icon: IconCalendar, hint: 'Records by a date field' },
  { type: 'CHECK_IN', icon: IconClock, hint: "The viewer's check-in" },
  { type: 'TEXT', icon: IconTypography, hint: 'Formatted text' },
];

function AddWidgetMenu({
  disabled,
  onAdd,
}: {
  disabled: boolean;
  onAdd: (type: TDashboardWidgetType) => void;
}) {
  return (
    <Menu position="bottom-start" withinPortal>
      <Menu.Target>
        <Button variant="light" leftSection={<IconPlus size={16} />} disabled={disabled}>
          Add widget
        </Button>
      </Menu.Target>
      <Menu.Dropdown>
        {ADDABLE.map((a) => (
          <Menu.Item key={a.type} leftSection={<a.icon size={16} />} onClick={() => onAdd(a.type)}>
            {WIDGET_TYPE_LABELS[a.type]} — {a.hint}
          </Menu.Item>
        ))}
      </Menu.Dropdown>
    </Menu>
  );
}

/** Name, description and who sees the dashboard. */
function DetailsPanel({
  draft,
  onChange,
  errors,
}: {
  draft: DashboardDraft;
  onChange: (next: DashboardDraft) => void;
  errors: Record<string, string>;
}) {
  return (
    <Paper withBorder radius="md" p="md">
      <SimpleGrid cols={{ base: 1, md: 2 }} spacing="lg">
        <Stack gap="sm">
          <TextInput
            label="Name"
            required
            value={draft.name}
            maxLength={120}
            onChange={(e) => onChange({ ...draft, name: e.currentTarget.value })}
            error={errors.name}
          />
          <Textarea
            label="Description"
            value={draft.description}
            maxLength={500}
            rows={2}
            onChange={(e) => onChange({ ...draft, description: e.currentTarget.value })}
            error={errors.description}
          />
        </Stack>
        <AssignmentFields
          userTypes={draft.user_types}
          contactTypeIds={draft.contact_type_ids}
          onChange={(who) => onChange({ ...draft, ...who })}
          errors={errors}
        />
      </SimpleGrid>
    </Paper>
  );
}

/** The server's refusals by widget id (`widgets.<i>.<field>`), for the widgets' cards. */
function problemsById(widgets: readonly TDashboardWidget[], errors: Record<string, string>) {
  const problems: Record<string, string> = {};
  widgets.forEach((w, i) => {
    const first = Object.values(widgetErrors(errors, i))[0];
    if (first) problems[w.id] = first;
  });
  return problems;
}

/** `/custom/dashboard/config/{dashboardId}`: the dashboard builder. */
export function DashboardBuilderScreen() {
  const { dashboardId = '' } = useParams();
  const rights = useCan();
  const state = useDashboardDraft(dashboardId);
  const { draft, setDraft, save, fieldErrors } = state;
  const [editing, setEditing] = useState<string | null>(null);
  const blocker = useUnsavedGuard(state.isDirty);
  usePageTitle(state.saved ? `Configure ${state.saved.name}` : 'Configure dashboard');

  if (!rights.isLoading && !rights.error && !rights.can('custom-dashboards:update'))
    return (
      <PageFrame title="Configure dashboard">
        <Panel>
          <NoAccess>Your user type cannot edit dashboards.</NoAccess>
        </Panel>
      </PageFrame>
    );
  if (state.query.isError)
    return (
      <PageFrame title="Configure dashboard">
        <Panel>
          <LoadError
            title="Could not open the dashboard"
            error={state.query.error}
            onRetry={() => void state.query.refetch()}
          />
        </Panel>
      </PageFrame>
    );
  if (!draft)
    return (
      <PageFrame title="Configure dashboard">
        <SkeletonStack count={3} height={120} />
      </PageFrame>
    );

  const setWidgets = (widgets: TDashboardWidget[]) => setDraft({ ...draft, widgets });
  const replace = (next: TDashboardWidget) =>
    setWidgets(draft.widgets.map((w) => (w.id === next.id ? next : w)));
  const add = (type: TDashboardWidgetType) => {
    const widget = newWidget(type, draft.widgets);
    setWidgets([...draft.widgets, widget]);
    if (type !== 'CHECK_IN') setEditing(widget.id);
  };
  const editingIndex = draft.widgets.findIndex((w) => w.id === editing);
  const editingWidget = draft.widgets[editingIndex] ?? null;
  const otherFailure =
    save.error && !state.conflict && Object.keys(fieldErrors).length === 0 ? save.error : null;

  return (
    <PageFrame
      title={draft.name || 'Configure dashboard'}
      description="Add widgets, drag them by their handle and resize them from their corner. Each shows live data."
      actions={
        <Group gap="xs">
          <Button
            component={Link}
            to={pagePath(dashboardId)}
            variant="default"
            leftSection={<IconEye size={16} />}
          >
            Open
          </Button>
          <Button
            leftSection={<IconDeviceFloppy size={16} />}
            onClick={() => save.mutate(false)}
            loading={save.isPending}
            disabled={!state.isDirty}
          >
            Save
          </Button>
        </Group>
      }
    >
      {state.conflict && (
        <Alert color="orange" title="Someone else saved this dashboard" data-testid="save-conflict">
          <Stack gap="xs">
            Their changes were saved after you opened it. Reload theirs (your changes are dropped), or save
            yours over them.
            <Group gap="xs">
              <Button size="xs" variant="default" onClick={() => void state.reload()}>
                Reload their version
              </Button>
              <Button size="xs" color="orange" onClick={() => save.mutate(true)} loading={save.isPending}>
                Save mine over theirs
              </Button>
            </Group>
          </Stack>
        </Alert>
      )}
      {otherFailure && <ErrorAlert>{errorText(otherFailure)}</ErrorAlert>}
      {fieldErrors.widgets && <ErrorAlert>{fieldErrors.widgets}</ErrorAlert>}
      <DetailsPanel draft={draft} onChange={setDraft} errors={fieldErrors} />
      <Group justify="space-between">
        <AddWidgetMenu disabled={draft.widgets.length >= DASHBOARD_MAX_WIDGETS} onAdd={add} />
      </Group>
      {draft.widgets.length === 0 ? (
        <Panel>
          <StateMessage icon={<IconLayoutDashboard size={28} />} title="No widgets yet">
            Add a stat card, a chart, a table, a calendar, a check-in or some text.
          </StateMessage>
        </Panel>
      ) : (
        <BuilderGrid
          widgets={draft.widgets}
          problems={problemsById(draft.widgets, fieldErrors)}
          onLayout={setWidgets}
          onChange={replace}
          onEdit={setEditing}
          onRemove={(id) => setWidgets(draft.widgets.filter((w) => w.id !== id))}
        />
      )}
      <WidgetEditor
        widget={editingWidget}
        onChange={replace}
        onClose={() => setEditing(null)}
        errors={editingIndex >= 0 ? widgetErrors(fieldErrors, editingIndex) : {}}
      />
      <ConfirmDialog
        opened={blocker.state === 'blocked'}
        title="Leave without saving?"
        confirmLabel="Leave"
        onConfirm={() => blocker.proceed?.()}
        onClose={() => blocker.reset?.()}
      >
        Your changes to this dashboard are not saved.
      </ConfirmDialog>
    </PageFrame>
  );
}
