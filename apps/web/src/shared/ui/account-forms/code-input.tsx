import { Input, PinInput, Stack, useMatches, type MantineSize } from '@mantine/core';

export const CODE_LENGTH = 6;

export type CodeInputProps = {
  /** Base id: the digits get `${id}-1` … `${id}-6`. */
  id: string;
  label: string;
  value: string;
  onChange: (value: string) => void;
  /** Called once all six digits are in (typed, pasted or filled in by the phone). */
  onComplete?: (value: string) => void;
  error?: string | null;
  disabled?: boolean;
  autoFocus?: boolean;
};

/** Six one-digit boxes for a mailed or authenticator code, with a label and an error line. */
export function CodeInput({
  id,
  label,
  value,
  onChange,
  onComplete,
  error,
  disabled,
  autoFocus,
}: CodeInputProps) {
  const size = useMatches<MantineSize>({ base: 'md', xs: 'lg' });
  const gap = useMatches({ base: 8, xs: 12 });
  const labelId = `${id}-label`;
  const errorId = `${id}-error`;
  return (
    <Stack gap={4}>
      <Input.Label id={labelId} htmlFor={`${id}-1`} required>
        {label}
      </Input.Label>
      <PinInput
        id={id}
        length={CODE_LENGTH}
        type="number"
        oneTimeCode
        value={value}
        onChange={onChange}
        onComplete={onComplete}
        error={Boolean(error)}
        disabled={disabled}
        autoFocus={autoFocus}
        size={size}
        gap={gap}
        // The boxes spread over the form's width, lining up with the inputs around them.
        styles={{ root: { justifyContent: 'space-between' } }}
        placeholder=""
        aria-labelledby={labelId}
        // On the group: Mantine's inputs set their own aria-describedby from a wrapper context.
        aria-describedby={error ? errorId : undefined}
        data-testid={`${id}-input`}
        getInputProps={(index) => ({ 'aria-label': `${label}, digit ${index + 1} of ${CODE_LENGTH}` })}
      />
      {error && <Input.Error id={errorId}>{error}</Input.Error>}
    </Stack>
  );
}
