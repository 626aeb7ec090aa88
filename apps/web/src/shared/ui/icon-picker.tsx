import { useMemo, useState } from 'react';
import {
  Box,
  Center,
  CloseButton,
  ScrollArea,
  SegmentedControl,
  SimpleGrid,
  Stack,
  Text,
  TextInput,
  Tooltip,
  UnstyledButton,
} from '@mantine/core';
import { IconSearch } from '@tabler/icons-react';
import { sanitiseSvg } from './svg-sanitiser';
import './icon-picker.css';

export type IconType = 'FILL' | 'OUTLINE';

/** An icon of the icon library (spec 1 §3): `content` is its SVG markup. */
export type PickerIcon = {
  _id: string;
  name: string;
  content: string;
  type: IconType;
};

/** Icons of `type` whose name contains `query`, ignoring case and surrounding spaces. */
export function filterIcons<T extends Pick<PickerIcon, 'name' | 'type'>>(
  icons: readonly T[],
  query: string | null | undefined,
  type: IconType,
): T[] {
  const needle = (query ?? '').trim().toLocaleLowerCase();
  return icons.filter(
    (icon) => icon.type === type && (needle === '' || (icon.name ?? '').toLocaleLowerCase().includes(needle)),
  );
}

export type IconPickerProps = {
  icons: readonly PickerIcon[];
  /** `_id` of the selected icon. */
  value?: string | null;
  onChange?: (icon: PickerIcon) => void;
  defaultType?: IconType;
  /** Height of the scrolling grid. */
  height?: number;
};

/** Sanitised once per markup: icon lists are long and re-rendered on every keystroke. */
function useSafeMarkup(icons: readonly PickerIcon[]): Map<string, string | null> {
  return useMemo(() => new Map(icons.map((icon) => [icon._id, sanitiseSvg(icon.content)])), [icons]);
}

/** Search box, a FILL/OUTLINE switch and a grid of the matching icons (spec 1 §2). */
export function IconPicker({
  icons,
  value,
  onChange,
  defaultType = 'OUTLINE',
  height = 280,
}: IconPickerProps) {
  const [query, setQuery] = useState('');
  const [type, setType] = useState<IconType>(defaultType);
  const markup = useSafeMarkup(icons);
  const visible = useMemo(() => filterIcons(icons, query, type), [icons, query, type]);

  return (
    <Stack gap="sm">
      <TextInput
        placeholder="Search icons..."
        aria-label="Search icons"
        leftSection={<IconSearch size={16} />}
        value={query}
        onChange={(event) => setQuery(event.currentTarget.value)}
        rightSection={
          query ? <CloseButton size="sm" aria-label="Clear search" onClick={() => setQuery('')} /> : null
        }
      />
      <SegmentedControl
        fullWidth
        aria-label="Icon style"
        value={type}
        onChange={(next) => setType(next as IconType)}
        data={[
          { value: 'FILL', label: 'FILL' },
          { value: 'OUTLINE', label: 'OUTLINE' },
        ]}
      />
      <ScrollArea h={height} type="auto" offsetScrollbars>
        {visible.length === 0 ? (
          <Center h={height - 20}>
            <Text c="dimmed" size="sm">
              No icons match “{query.trim()}”.
            </Text>
          </Center>
        ) : (
          <SimpleGrid
            cols={{ base: 5, sm: 7 }}
            spacing={6}
            verticalSpacing={6}
            role="listbox"
            aria-label="Icons"
          >
            {visible.map((icon) => {
              const safe = markup.get(icon._id);
              const isSelected = icon._id === value;
              return (
                <Tooltip key={icon._id} label={icon.name} openDelay={400} withinPortal>
                  <UnstyledButton
                    role="option"
                    aria-selected={isSelected}
                    aria-label={icon.name}
                    onClick={() => onChange?.(icon)}
                    style={{
                      aspectRatio: '1',
                      borderRadius: 'var(--mantine-radius-md)',
                      border: `1px solid ${isSelected ? 'var(--mantine-primary-color-filled)' : 'var(--mantine-color-gray-3)'}`,
                      background: isSelected ? 'var(--mantine-primary-color-light)' : undefined,
                      display: 'flex',
                      alignItems: 'center',
                      justifyContent: 'center',
                      padding: 8,
                    }}
                  >
                    {safe ? (
                      <Box
                        w={28}
                        h={28}
                        style={{ display: 'flex' }}
                        className="esigns-icon-preview"
                        // Safe: the markup went through sanitiseSvg (single <svg>, no scripts or handlers).
                        dangerouslySetInnerHTML={{ __html: safe }}
                      />
                    ) : (
                      <Text size="xs" c="dimmed" ta="center" lineClamp={2}>
                        {icon.name}
                      </Text>
                    )}
                  </UnstyledButton>
                </Tooltip>
              );
            })}
          </SimpleGrid>
        )}
      </ScrollArea>
    </Stack>
  );
}
