import { NumberInput, TextInput } from '@mantine/core';

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

/** A number setting; `integer` refuses decimals, `min`/`max` bound the stepper. */
export function NumberSetting({
  label,
  name,
  values,
  patch,
  problems,
  description,
  placeholder,
  integer,
  min,
  max,
}: SettingProps & { integer?: boolean; min?: number; max?: number }) {
  const value = values[name];
  return (
    <NumberInput
      size="xs"
      label={label}
      description={description}
      placeholder={placeholder}
      allowDecimal={!integer}
      min={min}
      max={max}
      value={typeof value === 'number' ? value : ''}
      onChange={(next) => patch({ [name]: typeof next === 'number' ? next : undefined })}
      error={problems[name]}
    />
  );
}

/** A text setting; `optional` removes it when emptied, else keeps ''. */
export function TextSetting({
  label,
  name,
  values,
  patch,
  problems,
  description,
  placeholder,
  optional = true,
}: SettingProps & { optional?: boolean }) {
  const value = values[name];
  return (
    <TextInput
      size="xs"
      label={label}
      description={description}
      placeholder={placeholder}
      value={typeof value === 'string' ? value : ''}
      onChange={(event) => {
        const next = event.currentTarget.value;
        patch({ [name]: next === '' && optional ? undefined : next });
      }}
      error={problems[name]}
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
