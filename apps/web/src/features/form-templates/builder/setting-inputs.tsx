import type { ReactNode } from 'react';
import { ActionIcon, Button, NumberInput, Text, TextInput } from '@mantine/core';
import { IconPlus } from '@tabler/icons-react';

/*
 * Small inputs of the properties panel: each edits one setting of a field and reports the
 * shared check's message for it. An emptied input removes the setting (undefined is not sent).
 */

export type Patch = (patch: Record<string, unknown>) => void;
export type Problems = Record<string, string>;

type SettingProps = {
  label: string;
  name: string;
  values: Record<string, unknown>;
  patch: Patch;
  problems: Problems;
  description?: string;
  placeholder?: string;
};

/** The currencies a currency setting offers. */
export const CURRENCY_CODES = ['INR', 'USD', 'EUR', 'GBP', 'AED', 'SGD', 'AUD', 'CAD', 'JPY'];

/** What every setting input shows: its label, help, placeholder and the check's message. */
function inputBase({ label, name, problems, description, placeholder }: SettingProps) {
  return { size: 'xs' as const, label, description, placeholder, error: problems[name] };
}

/** A number setting; `integer` refuses decimals, `min`/`max` bound the stepper. */
export function NumberSetting(props: SettingProps & { integer?: boolean; min?: number; max?: number }) {
  const { name, values, patch, integer, min, max } = props;
  const value = values[name];
  return (
    <NumberInput
      {...inputBase(props)}
      allowDecimal={!integer}
      min={min}
      max={max}
      value={typeof value === 'number' ? value : ''}
      onChange={(next) => patch({ [name]: typeof next === 'number' ? next : undefined })}
    />
  );
}

/** A text setting; `optional` removes it when emptied, else keeps ''. */
export function TextSetting(props: SettingProps & { optional?: boolean }) {
  const { name, values, patch, optional = true } = props;
  const value = values[name];
  return (
    <TextInput
      {...inputBase(props)}
      value={typeof value === 'string' ? value : ''}
      onChange={(event) => {
        const next = event.currentTarget.value;
        patch({ [name]: next === '' && optional ? undefined : next });
      }}
    />
  );
}

/** The problems below `prefix` (`options.1.value` under `options`), keyed by the rest. */
export function problemsUnder(problems: Problems, prefix: string): Problems {
  const result: Problems = {};
  for (const [key, message] of Object.entries(problems)) {
    if (key.startsWith(`${prefix}.`)) result[key.slice(prefix.length + 1)] = message;
  }
  return result;
}

/** A small icon button on a row of a list (move, remove). */
export function RowButton({
  label,
  onClick,
  disabled,
  isDanger = false,
  children,
  ...box
}: {
  label: string;
  onClick: () => void;
  disabled?: boolean;
  isDanger?: boolean;
  children: ReactNode;
  mt?: number;
  mx?: number;
}) {
  return (
    <ActionIcon
      {...box}
      size="sm"
      variant="subtle"
      color={isDanger ? 'red' : undefined}
      aria-label={label}
      disabled={disabled}
      onClick={onClick}
    >
      {children}
    </ActionIcon>
  );
}

/** Under a list of rows: the list's own problem (key ''), then the button adding a row. */
export function ListEnd({
  problems,
  addLabel,
  onAdd,
  disabled,
}: {
  problems: Problems;
  addLabel: string;
  onAdd: () => void;
  disabled?: boolean;
}) {
  return (
    <>
      {problems[''] && (
        <Text size="xs" c="red">
          {problems['']}
        </Text>
      )}
      <Button
        size="xs"
        variant="light"
        leftSection={<IconPlus size={14} />}
        disabled={disabled}
        onClick={onAdd}
      >
        {addLabel}
      </Button>
    </>
  );
}

/** A phone's default country code (`default_country_code`), added to numbers typed without one. */
export function CountryCodeSetting(props: Pick<SettingProps, 'values' | 'patch' | 'problems'>) {
  return (
    <TextSetting
      label="Default country code"
      name="default_country_code"
      description="Added to numbers typed without one (91: India)"
      placeholder="91"
      {...props}
    />
  );
}
