import {
  Alert,
  Button,
  Divider,
  Group,
  List,
  NativeSelect,
  NumberInput,
  SegmentedControl,
  Stack,
  Switch,
  Text,
  TextInput,
  Textarea,
  Title,
} from '@mantine/core';
import { IconCopy, IconTrash } from '@tabler/icons-react';
import {
  FORM_FIELD_TYPES,
  FORM_FIELD_TYPE_INFO,
  isInputFieldType,
  type TFormFieldType,
} from '@esigns/contracts/nocode-field-types';
import { toFieldKey, type TVisibility } from '@esigns/contracts/nocode-fields';
import type { BuilderAction, BuilderItem } from './builder-state';
import { ColumnsEditor } from './columns-editor';
import { NumberSetting, problemsUnder, type Problems } from './setting-inputs';
import { TypeSettings } from './type-settings';
import { VisibilityEditor } from './visibility-editor';

const WIDTHS = [
  { value: '3', label: '¼' },
  { value: '4', label: '⅓' },
  { value: '6', label: '½' },
  { value: '8', label: '⅔' },
  { value: '12', label: 'Full' },
];

export type FieldPropertiesProps = {
  item: BuilderItem;
  items: readonly BuilderItem[];
  problems: Problems;
  dispatch: (action: BuilderAction) => void;
};

/** Everything about the selected field: common settings, its type's, its place and its rules. */
export function FieldProperties({ item, items, problems, dispatch }: FieldPropertiesProps) {
  const field = item.field as Record<string, unknown> & BuilderItem['field'];
  const patch = (next: Record<string, unknown>) => dispatch({ type: 'update', uid: item.uid, patch: next });
  const type = field.type as TFormFieldType;
  const isInput = isInputFieldType(type);
  const siblings = items.map((other) => other.field);
  const others = items.filter((other) => other.uid !== item.uid).map((other) => other.field);
  const list = Object.entries(problems);
  const settingProps = { values: field, patch, problems };

  return (
    <Stack gap="sm" data-testid="field-properties">
      <Group justify="space-between" wrap="nowrap">
        <Title order={5}>Field</Title>
        <Group gap={4}>
          <Button
            size="compact-xs"
            variant="subtle"
            leftSection={<IconCopy size={14} />}
            onClick={() => dispatch({ type: 'duplicate', uid: item.uid })}
          >
            Duplicate
          </Button>
          <Button
            size="compact-xs"
            variant="subtle"
            color="red"
            leftSection={<IconTrash size={14} />}
            onClick={() => dispatch({ type: 'remove', uid: item.uid })}
          >
            Remove
          </Button>
        </Group>
      </Group>
      {list.length > 0 && (
        <Alert color="red" p="xs" title="To fix before saving">
          <List size="xs">
            {list.map(([path, message]) => (
              <List.Item key={path}>{path === 'field' ? message : `${path}: ${message}`}</List.Item>
            ))}
          </List>
        </Alert>
      )}
      <NativeSelect
        size="xs"
        label="Type"
        data={FORM_FIELD_TYPES.map((t) => ({ value: t, label: FORM_FIELD_TYPE_INFO[t].label }))}
        value={type}
        onChange={(event) =>
          dispatch({
            type: 'change-type',
            uid: item.uid,
            fieldType: event.currentTarget.value as TFormFieldType,
          })
        }
      />
      <TextInput
        size="xs"
        label="Label"
        value={field.label}
        onChange={(event) => {
          const label = event.currentTarget.value;
          // The key follows the label until someone edits the key itself.
          const follows =
            field.key === toFieldKey(field.label) && !others.some((o) => o.key === toFieldKey(label));
          patch(follows ? { label, key: toFieldKey(label) } : { label });
        }}
        error={problems.label}
      />
      <TextInput
        size="xs"
        label="Key"
        description="Used in formulas, rules, imports and the API"
        value={field.key}
        onChange={(event) => patch({ key: event.currentTarget.value })}
        error={problems.key}
      />
      {isInput && (
        <Group gap="md">
          <Switch
            size="xs"
            label="Required"
            checked={field.required === true}
            onChange={(event) => patch({ required: event.currentTarget.checked })}
          />
          <Switch
            size="xs"
            label="Read only"
            checked={field.read_only === true}
            onChange={(event) => patch({ read_only: event.currentTarget.checked })}
          />
          {type !== 'DATA_TABLE' && (
            <Switch
              size="xs"
              label="Primary"
              checked={field.is_primary === true}
              onChange={(event) => patch({ is_primary: event.currentTarget.checked })}
              error={problems.is_primary}
            />
          )}
        </Group>
      )}
      <Textarea
        size="xs"
        label="Help text"
        resize="vertical"
        rows={1}
        value={typeof field.help_text === 'string' ? field.help_text : ''}
        onChange={(event) => patch({ help_text: event.currentTarget.value })}
        error={problems.help_text}
      />
      {isInput && (
        <TextInput
          size="xs"
          label="Placeholder"
          value={typeof field.placeholder === 'string' ? field.placeholder : ''}
          onChange={(event) => patch({ placeholder: event.currentTarget.value })}
          error={problems.placeholder}
        />
      )}

      <Divider label="Place on the grid" labelPosition="left" />
      <Group gap="xs" align="flex-end" wrap="nowrap">
        <Stack gap={2} style={{ flex: 1 }}>
          <Text size="xs" fw={500}>
            Width
          </Text>
          <SegmentedControl
            size="xs"
            aria-label="Width"
            data={WIDTHS}
            value={WIDTHS.some((w) => Number(w.value) === field.layout.w) ? String(field.layout.w) : ''}
            onChange={(value) => dispatch({ type: 'resize', uid: item.uid, w: Number(value) })}
          />
        </Stack>
        <NumberInput
          size="xs"
          w={80}
          label="Height"
          min={1}
          max={12}
          allowDecimal={false}
          value={field.layout.h}
          onChange={(value) =>
            typeof value === 'number' && dispatch({ type: 'resize', uid: item.uid, h: value })
          }
        />
      </Group>
      {problems.layout && (
        <Text size="xs" c="red">
          {problems.layout}
        </Text>
      )}

      <Divider label={`${FORM_FIELD_TYPE_INFO[type].label} settings`} labelPosition="left" />
      {type === 'DATA_TABLE' ? (
        <Stack gap="xs">
          <Group grow gap="xs">
            <NumberSetting label="Min rows" name="min_rows" integer min={0} {...settingProps} />
            <NumberSetting label="Max rows" name="max_rows" integer min={1} {...settingProps} />
          </Group>
          <ColumnsEditor
            columns={(field.columns as never) ?? []}
            onChange={(columns) => patch({ columns })}
            problems={{ ...problemsUnder(problems, 'columns'), '': problems.columns ?? '' }}
          />
        </Stack>
      ) : (
        <TypeSettings field={field} patch={patch} problems={problems} siblings={siblings} />
      )}

      <Divider label="Visibility" labelPosition="left" />
      <VisibilityEditor
        visibility={field.visibility as TVisibility | null | undefined}
        onChange={(visibility) => patch({ visibility })}
        others={others.map((o) => ({ key: o.key, label: o.label }))}
        problems={{ ...problemsUnder(problems, 'visibility'), '': problems.visibility ?? '' }}
      />
    </Stack>
  );
}
