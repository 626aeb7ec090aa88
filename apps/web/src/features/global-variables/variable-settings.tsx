import { Group, NativeSelect, Stack } from '@mantine/core';
import type { TGlobalVariableType } from '@esigns/contracts/global-variables';
import { BARCODE_FORMATS } from '@esigns/contracts/nocode-field-types';
import type { TFieldOption } from '@esigns/contracts/nocode-fields';
import { OptionsEditor } from '../form-templates/builder/options-editor';
import {
  CURRENCY_CODES,
  CountryCodeSetting,
  NumberSetting,
  TextSetting,
  problemsUnder,
  type Patch,
  type Problems,
} from '../form-templates/builder/setting-inputs';

/** The settings a new variable of `type` starts with (a select needs options to be valid). */
export function settingsFor(
  type: TGlobalVariableType,
  previous: Record<string, unknown>,
): Record<string, unknown> {
  const options = previous.options as TFieldOption[] | undefined;
  switch (type) {
    case 'SELECT':
    case 'MULTI_SELECT':
      return {
        options: options && options.length > 0 ? options : [{ value: 'Option 1' }, { value: 'Option 2' }],
      };
    case 'CURRENCY':
      return { currency: 'INR', decimals: 2 };
    default:
      return {};
  }
}

/** Whether the type has settings worth showing for a constant value. */
export const hasSettings = (type: TGlobalVariableType): boolean =>
  ['NUMBER', 'CURRENCY', 'PERCENTAGE', 'YES_OR_NO', 'SELECT', 'MULTI_SELECT', 'PHONE', 'BARCODE'].includes(
    type,
  );

/**
 * The settings of a variable's type that matter for one value: decimals and currency, yes/no
 * labels, options, the phone's default calling code, the barcode format. `problems` are keyed
 * below `settings.` (`options.1.value`).
 */
export function VariableSettings({
  type,
  settings,
  patch,
  problems,
}: {
  type: TGlobalVariableType;
  settings: Record<string, unknown>;
  patch: Patch;
  problems: Problems;
}) {
  const props = { values: settings, patch, problems };
  switch (type) {
    case 'NUMBER':
    case 'PERCENTAGE':
      return (
        <NumberSetting
          label="Decimal places"
          name="decimals"
          integer
          min={0}
          max={type === 'NUMBER' ? 10 : 4}
          {...props}
        />
      );
    case 'CURRENCY':
      return (
        <Group grow gap="xs">
          <NativeSelect
            size="xs"
            label="Currency"
            data={CURRENCY_CODES}
            value={typeof settings.currency === 'string' ? settings.currency : 'INR'}
            onChange={(event) => patch({ currency: event.currentTarget.value })}
            error={problems.currency}
          />
          <NumberSetting label="Decimal places" name="decimals" integer min={0} max={4} {...props} />
        </Group>
      );
    case 'YES_OR_NO':
      return (
        <Group grow gap="xs">
          <TextSetting label="Yes label" name="yes_label" placeholder="Yes" {...props} />
          <TextSetting label="No label" name="no_label" placeholder="No" {...props} />
        </Group>
      );
    case 'SELECT':
    case 'MULTI_SELECT':
      return (
        <Stack gap="xs">
          <OptionsEditor
            options={(settings.options as TFieldOption[] | undefined) ?? []}
            onChange={(next) => patch({ options: next })}
            problems={{ ...problemsUnder(problems, 'options'), '': problems.options ?? '' }}
          />
        </Stack>
      );
    case 'PHONE':
      return <CountryCodeSetting {...props} />;
    case 'BARCODE':
      return (
        <NativeSelect
          size="xs"
          label="Format"
          data={[...BARCODE_FORMATS]}
          value={typeof settings.format === 'string' ? settings.format : 'QR_CODE'}
          onChange={(event) => patch({ format: event.currentTarget.value })}
          error={problems.format}
        />
      );
    default:
      return null;
  }
}
