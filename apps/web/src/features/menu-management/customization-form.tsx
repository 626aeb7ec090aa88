import {
  Checkbox,
  ColorInput,
  Divider,
  Group,
  Input,
  MultiSelect,
  SegmentedControl,
  Select,
  SimpleGrid,
  Stack,
  Switch,
  Text,
  TextInput,
} from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import {
  BUTTON_KINDS,
  PAGE_SIZES,
  RECORD_TABS,
  defaultCustomizationConfig,
  type TEntityCustomization,
  type TEntityCustomizationConfig,
  type TRecordTab,
} from '@esigns/contracts/entity-customization';
import { IconInput } from '../../shared/ui/icon-input';
import { errorText } from '../../shared/ui/page-kit';
import { CUSTOMIZATION_KEYS, fetchColumnOptions } from './customization-api';

/** What the form edits: the customization's label, whether it is active, and its config. */
export type CustomizationDraft = { label: string; isActive: boolean; config: TEntityCustomizationConfig };

export function draftOfCustomization(row: TEntityCustomization | null): CustomizationDraft {
  return row
    ? { label: row.label, isActive: row.isActive, config: row.config }
    : { label: '', isActive: false, config: defaultCustomizationConfig() };
}

const TAB_LABELS: Record<TRecordTab, string> = {
  DETAILS: 'Details',
  RELATIONSHIPS: 'Related records',
  DOCUMENTS: 'Documents',
  FILES: 'Files',
  ACTIVITY: 'Activity',
};

const BUTTON_DEFAULTS: Record<(typeof BUTTON_KINDS)[number], string> = {
  add: 'Add record',
  edit: 'Edit',
  delete: 'Delete',
  save: 'Save',
};

/** Null for an empty text: the screen's default. */
const orNull = (value: string) => (value.trim() === '' ? null : value);

export type CustomizationFormProps = {
  entityId: string;
  draft: CustomizationDraft;
  onChange: (draft: CustomizationDraft) => void;
  /** 422 messages by dotted key (`label`, `config.list_columns.1`...). */
  errors: Record<string, string>;
};

/** The fields of one customization (see contracts/entity-customization.ts for their meaning). */
export function CustomizationForm({ entityId, draft, onChange, errors }: CustomizationFormProps) {
  const columns = useQuery({
    queryKey: CUSTOMIZATION_KEYS.fields(entityId),
    queryFn: ({ signal }) => fetchColumnOptions(entityId, signal),
    staleTime: 60_000,
  });
  const options = columns.data ?? [];
  const groups = [...new Set(options.map((o) => o.group))].map((group) => ({
    group,
    items: options.filter((o) => o.group === group).map(({ value, label }) => ({ value, label })),
  }));
  const { config } = draft;
  const setConfig = (patch: Partial<TEntityCustomizationConfig>) =>
    onChange({ ...draft, config: { ...config, ...patch } });
  const columnError = Object.entries(errors).find(([key]) => key.startsWith('config.list_columns'))?.[1];

  return (
    <Stack gap="md">
      <SimpleGrid cols={{ base: 1, sm: 2 }}>
        <TextInput
          label="Name"
          description="Only for you: tells customizations apart"
          value={draft.label}
          onChange={(e) => onChange({ ...draft, label: e.currentTarget.value })}
          error={errors.label}
          required
          maxLength={100}
        />
        <Switch
          mt={30}
          label="Active: the entity's screens follow it"
          checked={draft.isActive}
          onChange={(e) => onChange({ ...draft, isActive: e.currentTarget.checked })}
        />
      </SimpleGrid>

      <Divider label="Look" labelPosition="left" />
      <SimpleGrid cols={{ base: 1, sm: 2 }}>
        <TextInput
          label="A record is called"
          placeholder="e.g. Property"
          value={config.labels.singular ?? ''}
          onChange={(e) =>
            setConfig({ labels: { ...config.labels, singular: orNull(e.currentTarget.value) } })
          }
          error={errors['config.labels.singular']}
        />
        <TextInput
          label="Records are called"
          placeholder="e.g. Properties"
          value={config.labels.plural ?? ''}
          onChange={(e) => setConfig({ labels: { ...config.labels, plural: orNull(e.currentTarget.value) } })}
          error={errors['config.labels.plural']}
        />
        <IconInput
          label="Icon"
          value={config.icon}
          onChange={(icon) => setConfig({ icon })}
          error={errors['config.icon']}
        />
        <ColorInput
          label="Accent colour"
          placeholder="The company's colour"
          format="hex"
          value={config.primary_color ?? ''}
          onChange={(value) => setConfig({ primary_color: orNull(value.toUpperCase()) })}
          error={errors['config.primary_color']}
        />
      </SimpleGrid>

      <Divider label="Record page" labelPosition="left" />
      <Input.Wrapper
        label="Tabs"
        description="The details tab always shows first"
        error={errors['config.record_tabs']}
      >
        <Group gap="md" mt={6}>
          {RECORD_TABS.map((tab) => (
            <Checkbox
              key={tab}
              label={TAB_LABELS[tab]}
              checked={config.record_tabs.includes(tab)}
              disabled={tab === 'DETAILS'}
              onChange={(e) => {
                const wanted = new Set(config.record_tabs);
                if (e.currentTarget.checked) wanted.add(tab);
                else wanted.delete(tab);
                setConfig({ record_tabs: RECORD_TABS.filter((t) => wanted.has(t)) });
              }}
            />
          ))}
        </Group>
      </Input.Wrapper>

      <Divider label="Record list" labelPosition="left" />
      <MultiSelect
        label="Columns"
        description="In the order picked; none: every field"
        placeholder={columns.isPending ? 'Loading the fields...' : 'Every field'}
        data={groups}
        value={config.list_columns}
        onChange={(list_columns) => setConfig({ list_columns })}
        searchable
        clearable
        error={
          columnError ??
          (columns.isError ? `The fields could not be loaded: ${errorText(columns.error)}` : undefined)
        }
      />
      <SimpleGrid cols={{ base: 1, sm: 3 }}>
        <Select
          label="Sorted by"
          placeholder="Newest first"
          data={groups}
          value={config.default_sort?.field ?? null}
          onChange={(field) =>
            setConfig({
              default_sort: field ? { field, direction: config.default_sort?.direction ?? 'asc' } : null,
            })
          }
          clearable
          searchable
          error={errors['config.default_sort.field']}
        />
        <Input.Wrapper label="Direction">
          <SegmentedControl
            fullWidth
            mt={4}
            disabled={!config.default_sort}
            value={config.default_sort?.direction ?? 'asc'}
            onChange={(direction) =>
              config.default_sort &&
              setConfig({ default_sort: { ...config.default_sort, direction: direction as 'asc' | 'desc' } })
            }
            data={[
              { value: 'asc', label: 'Ascending' },
              { value: 'desc', label: 'Descending' },
            ]}
          />
        </Input.Wrapper>
        <Input.Wrapper label="Records per page">
          <SegmentedControl
            fullWidth
            mt={4}
            value={String(config.page_size)}
            onChange={(size) =>
              setConfig({ page_size: Number(size) as TEntityCustomizationConfig['page_size'] })
            }
            data={PAGE_SIZES.map((size) => String(size))}
          />
        </Input.Wrapper>
      </SimpleGrid>

      <Divider label="Buttons" labelPosition="left" />
      <SimpleGrid cols={{ base: 2, sm: 4 }}>
        {BUTTON_KINDS.map((kind) => (
          <TextInput
            key={kind}
            label={`“${BUTTON_DEFAULTS[kind]}” button`}
            placeholder={BUTTON_DEFAULTS[kind]}
            value={config.buttons[kind] ?? ''}
            onChange={(e) =>
              setConfig({ buttons: { ...config.buttons, [kind]: orNull(e.currentTarget.value) } })
            }
            error={errors[`config.buttons.${kind}`]}
            maxLength={60}
          />
        ))}
      </SimpleGrid>
      <Text size="xs" c="dimmed">
        Empty fields keep the screens&apos; default.
      </Text>
    </Stack>
  );
}
