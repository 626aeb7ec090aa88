import { useState } from 'react';
import { Button, CloseButton, Group, Input, Popover, Text } from '@mantine/core';
import { IconPicker } from './icon-picker';
import { NamedIcon } from './named-icon';

export type IconInputProps = {
  label: string;
  /** The stored icon name (`home`, `home-filled`), or null for none. */
  value: string | null;
  onChange: (name: string | null) => void;
  error?: string | undefined;
  description?: string;
};

/** A form field holding an icon name: the current icon, and the icon picker in a popover. */
export function IconInput({ label, value, onChange, error, description }: IconInputProps) {
  const [opened, setOpened] = useState(false);
  return (
    <Input.Wrapper label={label} error={error} description={description}>
      <Group gap="xs" wrap="nowrap" mt={4}>
        <Popover
          opened={opened}
          onChange={setOpened}
          width={360}
          position="bottom-start"
          shadow="md"
          trapFocus
        >
          <Popover.Target>
            <Button
              variant="default"
              leftSection={<NamedIcon name={value} size={18} />}
              onClick={() => setOpened((open) => !open)}
              aria-label={`${label}: ${value ?? 'none'}. Choose an icon`}
            >
              <Text size="sm" c={value ? undefined : 'dimmed'}>
                {value ?? 'Choose an icon'}
              </Text>
            </Button>
          </Popover.Target>
          <Popover.Dropdown>
            <IconPicker
              value={value}
              onChange={(icon) => {
                onChange(icon._id);
                setOpened(false);
              }}
            />
          </Popover.Dropdown>
        </Popover>
        {value && <CloseButton aria-label={`Remove ${label.toLowerCase()}`} onClick={() => onChange(null)} />}
      </Group>
    </Input.Wrapper>
  );
}
