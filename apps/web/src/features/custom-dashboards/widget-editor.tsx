import {
  Box,
  Button,
  Drawer,
  NumberInput,
  SegmentedControl,
  Select,
  Stack,
  Text,
  TextInput,
} from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import {
  DASHBOARD_CHART_KINDS,
  DASHBOARD_METRICS,
  type TDashboardMetric,
  type TDashboardWidget,
} from '@esigns/contracts/custom-dashboards';
import { ENTITY_VIEW_KEYS, fetchEntityViews } from '../entity-views/entity-views-api';
import { useTemplateFields } from '../entity-views/filter-builder';
import { RichTextEditor } from '../email-templates/rich-text-editor';
import { isComplete, widgetProblem } from './builder-state';
import { WidgetFrame, WIDGET_TYPE_LABELS } from './widget-frame';
import { WidgetContent } from './widget-views';
import {
  isDateField,
  type CalendarWidget,
  type ChartWidget,
  type StatWidget,
  type TableWidget,
} from './widget-data';
import {
  FieldSelect,
  WidgetSourceFields,
  dateFields,
  groupableFields,
  numberFields,
} from './widget-source-fields';

type Props<W> = { widget: W; onChange: (next: W) => void; errors: Record<string, string> };

const METRIC_LABELS: Record<TDashboardMetric, string> = {
  COUNT: 'Count',
  SUM: 'Sum',
  AVG: 'Average',
  MIN: 'Min',
  MAX: 'Max',
};
const CHART_LABELS = { BAR: 'Bar', LINE: 'Line', AREA: 'Area', PIE: 'Pie', DONUT: 'Donut' } as const;

/** COUNT, or an aggregate of a number field. */
function MetricFields<W extends StatWidget | ChartWidget>({ widget, onChange, errors }: Props<W>) {
  const { fields = [] } = useTemplateFields(widget.entity_id || null);
  return (
    <>
      <Stack gap={4}>
        <Text size="sm" fw={500}>
          Measure
        </Text>
        <SegmentedControl
          aria-label="Measure"
          size="xs"
          data={DASHBOARD_METRICS.map((m) => ({ value: m, label: METRIC_LABELS[m] }))}
          value={widget.metric}
          onChange={(m) =>
            onChange({
              ...widget,
              metric: m as TDashboardMetric,
              ...(m === 'COUNT' ? { value_field: null } : {}),
            })
          }
        />
      </Stack>
      {widget.metric !== 'COUNT' && (
        <FieldSelect
          label="Number field"
          fields={numberFields(fields)}
          value={widget.value_field}
          onChange={(ref) => onChange({ ...widget, value_field: ref })}
          error={errors.value_field}
        />
      )}
    </>
  );
}

function ChartFields({ widget, onChange, errors }: Props<ChartWidget>) {
  const { fields = [] } = useTemplateFields(widget.entity_id || null);
  const groupField = fields.find((f) => f.ref === widget.group_by);
  return (
    <>
      <Stack gap={4}>
        <Text size="sm" fw={500}>
          Chart type
        </Text>
        <SegmentedControl
          aria-label="Chart type"
          size="xs"
          data={DASHBOARD_CHART_KINDS.map((k) => ({ value: k, label: CHART_LABELS[k] }))}
          value={widget.chart}
          onChange={(chart) => onChange({ ...widget, chart: chart as ChartWidget['chart'] })}
        />
      </Stack>
      <FieldSelect
        label="Group by"
        fields={groupableFields(fields)}
        value={widget.group_by}
        onChange={(ref) => {
          const field = fields.find((f) => f.ref === ref);
          onChange({
            ...widget,
            group_by: ref ?? '',
            date_bucket: isDateField(field) ? (widget.date_bucket ?? 'month') : null,
          });
        }}
        error={errors.group_by}
      />
      {isDateField(groupField) && (
        <Select
          label="Dates by"
          data={[
            { value: 'day', label: 'Day' },
            { value: 'month', label: 'Month' },
            { value: 'year', label: 'Year' },
          ]}
          value={widget.date_bucket ?? 'month'}
          onChange={(b) => onChange({ ...widget, date_bucket: (b ?? 'month') as ChartWidget['date_bucket'] })}
          allowDeselect={false}
          comboboxProps={{ withinPortal: true }}
        />
      )}
      <MetricFields widget={widget} onChange={onChange} errors={errors} />
      <NumberInput
        label="Largest groups shown"
        min={1}
        max={50}
        value={widget.limit}
        onChange={(v) => onChange({ ...widget, limit: typeof v === 'number' ? v : 12 })}
        error={errors.limit}
      />
    </>
  );
}

function TableFields({ widget, onChange, errors }: Props<TableWidget>) {
  const views = useQuery({
    queryKey: ENTITY_VIEW_KEYS.page({ page: 1, limit: 100 }),
    queryFn: ({ signal }) => fetchEntityViews({ page: 1, limit: 100 }, signal),
  });
  return (
    <>
      <Select
        label="Entity view"
        required
        description="The table shows the view's columns, filters and sort (its first entity)."
        placeholder="Choose an entity view"
        data={(views.data?.data ?? []).map((v) => ({ value: v._id, label: v.name }))}
        value={widget.entity_view_id || null}
        onChange={(id) => onChange({ ...widget, entity_view_id: id ?? '' })}
        error={errors.entity_view_id}
        searchable
        comboboxProps={{ withinPortal: true }}
      />
      <NumberInput
        label="Rows shown"
        min={1}
        max={50}
        value={widget.page_size}
        onChange={(v) => onChange({ ...widget, page_size: typeof v === 'number' ? v : 10 })}
        error={errors.page_size}
      />
    </>
  );
}

function CalendarFields({ widget, onChange, errors }: Props<CalendarWidget>) {
  const { fields = [] } = useTemplateFields(widget.entity_id || null);
  return (
    <FieldSelect
      label="Date field"
      fields={dateFields(fields)}
      value={widget.date_field}
      onChange={(ref) => onChange({ ...widget, date_field: ref ?? '' })}
      error={errors.date_field}
    />
  );
}

/** The inputs of one widget type. */
function TypeFields({ widget, onChange, errors }: Props<TDashboardWidget>) {
  switch (widget.type) {
    case 'STAT':
      return (
        <>
          <WidgetSourceFields widget={widget} onChange={onChange} errors={errors} />
          {widget.entity_id && <MetricFields widget={widget} onChange={onChange} errors={errors} />}
        </>
      );
    case 'CHART':
      return (
        <>
          <WidgetSourceFields widget={widget} onChange={onChange} errors={errors} />
          {widget.entity_id && <ChartFields widget={widget} onChange={onChange} errors={errors} />}
        </>
      );
    case 'CALENDAR':
      return (
        <>
          <WidgetSourceFields widget={widget} onChange={onChange} errors={errors} />
          {widget.entity_id && <CalendarFields widget={widget} onChange={onChange} errors={errors} />}
        </>
      );
    case 'TABLE':
      return <TableFields widget={widget} onChange={onChange} errors={errors} />;
    case 'TEXT':
      return (
        <RichTextEditor
          label="Text"
          value={widget.html}
          onChange={(html) => onChange({ ...widget, html })}
          error={errors.html}
          minHeight={160}
        />
      );
    case 'CHECK_IN':
      return (
        <Text size="sm" c="dimmed">
          Each viewer checks in and out here and sees their week. Contacts do not see it.
        </Text>
      );
  }
}

/** The widget as it will look, with real data, once it is configured enough. */
function LivePreview({ widget }: { widget: TDashboardWidget }) {
  return (
    <Box h={widget.type === 'STAT' ? 140 : 280} data-testid="widget-preview">
      {isComplete(widget) ? (
        <WidgetFrame widget={widget}>
          <WidgetContent widget={widget} />
        </WidgetFrame>
      ) : (
        <WidgetFrame widget={widget}>
          <Text size="sm" c="dimmed">
            {widgetProblem(widget)}
          </Text>
        </WidgetFrame>
      )}
    </Box>
  );
}

/** The side panel of the widget being configured: its title, its type's inputs and a live preview. */
export function WidgetEditor({
  widget,
  onChange,
  onClose,
  errors,
}: {
  widget: TDashboardWidget | null;
  onChange: (next: TDashboardWidget) => void;
  onClose: () => void;
  errors: Record<string, string>;
}) {
  return (
    <Drawer
      opened={widget !== null}
      onClose={onClose}
      position="right"
      size="lg"
      title={widget ? `${WIDGET_TYPE_LABELS[widget.type]} widget` : ''}
      aria-label="Widget settings"
    >
      {widget && (
        <Stack gap="md">
          <LivePreview widget={widget} />
          {errors[''] && (
            <Text size="sm" c="red">
              {errors['']}
            </Text>
          )}
          <TextInput
            label="Title"
            value={widget.title}
            maxLength={120}
            placeholder={WIDGET_TYPE_LABELS[widget.type]}
            onChange={(e) => onChange({ ...widget, title: e.currentTarget.value })}
            error={errors.title}
          />
          <TypeFields widget={widget} onChange={onChange} errors={errors} />
          <Button onClick={onClose}>Done</Button>
        </Stack>
      )}
    </Drawer>
  );
}
