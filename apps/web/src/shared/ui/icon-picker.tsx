import { useEffect, useMemo, useRef, useState, type CSSProperties } from 'react';
import {
  Button,
  Center,
  CloseButton,
  Loader,
  ScrollArea,
  SegmentedControl,
  Stack,
  Text,
  TextInput,
  Tooltip,
  UnstyledButton,
} from '@mantine/core';
import { IconSearch } from '@tabler/icons-react';
import { useVirtualizer } from '@tanstack/react-virtual';
import { svgDataUrl, useIconLibrary } from './icon-library';

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
  /** The icons to choose from; absent: the icon library of the API (`GET /icons/getAllIcons`). */
  icons?: readonly PickerIcon[];
  /** `_id` of the selected icon (what menus and entities store: `home`, `home-filled`). */
  value?: string | null;
  onChange?: (icon: PickerIcon) => void;
  defaultType?: IconType;
  /** Height of the scrolling grid. */
  height?: number;
  /** Icons per row. */
  columns?: number;
};

const CELL = 44;
const GAP = 6;
const ROW = CELL + GAP;
/** Longer lists render only the rows in view. */
const VIRTUALISE_FROM = 120;

function IconCell({
  icon,
  isSelected,
  onPick,
}: {
  icon: PickerIcon;
  isSelected: boolean;
  onPick: () => void;
}) {
  const url = svgDataUrl(icon.content);
  return (
    <Tooltip label={icon.name} openDelay={400} withinPortal>
      <UnstyledButton
        role="option"
        aria-selected={isSelected}
        aria-label={icon.name}
        onClick={onPick}
        style={{
          height: CELL,
          borderRadius: 'var(--mantine-radius-md)',
          border: `1px solid ${isSelected ? 'var(--mantine-primary-color-filled)' : 'var(--mantine-color-gray-3)'}`,
          background: isSelected ? 'var(--mantine-primary-color-light)' : undefined,
          display: 'flex',
          alignItems: 'center',
          justifyContent: 'center',
          padding: 6,
        }}
      >
        {url ? (
          // An SVG shown as an image runs no script: safe for any markup.
          <img src={url} alt="" width={24} height={24} draggable={false} />
        ) : (
          <Text size="xs" c="dimmed" ta="center" lineClamp={2} style={{ fontSize: 9 }}>
            {icon.name}
          </Text>
        )}
      </UnstyledButton>
    </Tooltip>
  );
}

type GridProps = {
  icons: readonly PickerIcon[];
  value: string | null | undefined;
  onPick: (icon: PickerIcon) => void;
  height: number;
  columns: number;
};

function IconGrid({ icons, value, onPick, height, columns }: GridProps) {
  const viewportRef = useRef<HTMLDivElement>(null);
  const rowCount = Math.ceil(icons.length / columns);
  const isVirtual = icons.length >= VIRTUALISE_FROM;
  // eslint-disable-next-line react-hooks/incompatible-library
  const virtualizer = useVirtualizer({
    count: isVirtual ? rowCount : 0,
    getScrollElement: () => viewportRef.current,
    estimateSize: () => ROW,
    overscan: 4,
    initialRect: { width: columns * ROW, height },
  });
  const selectedIndex = value ? icons.findIndex((icon) => icon._id === value) : -1;
  useEffect(() => {
    // Show the chosen icon when the picker opens on a long list.
    if (isVirtual && selectedIndex >= 0)
      virtualizer.scrollToIndex(Math.floor(selectedIndex / columns), { align: 'center' });
    // Only when the list or the selection changes, not on every scroll.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [icons, selectedIndex]);

  const grid: CSSProperties = {
    display: 'grid',
    gridTemplateColumns: `repeat(${columns}, minmax(0, 1fr))`,
    gap: GAP,
  };
  const cell = (icon: PickerIcon) => (
    <IconCell key={icon._id} icon={icon} isSelected={icon._id === value} onPick={() => onPick(icon)} />
  );

  return (
    <ScrollArea h={height} type="auto" offsetScrollbars viewportRef={viewportRef}>
      <div role="listbox" aria-label="Icons" aria-rowcount={rowCount}>
        {isVirtual ? (
          <div style={{ height: virtualizer.getTotalSize(), position: 'relative' }}>
            {virtualizer.getVirtualItems().map((row) => (
              <div
                key={row.key}
                style={{
                  ...grid,
                  position: 'absolute',
                  top: 0,
                  left: 0,
                  right: 0,
                  transform: `translateY(${row.start}px)`,
                }}
              >
                {icons.slice(row.index * columns, (row.index + 1) * columns).map(cell)}
              </div>
            ))}
          </div>
        ) : (
          <div style={grid}>{icons.map(cell)}</div>
        )}
      </div>
    </ScrollArea>
  );
}

/**
 * Search box, a FILL/OUTLINE switch and a grid of the matching icons (spec 1 §2). Without
 * `icons` it shows the icon library of the API, loaded once per session.
 */
export function IconPicker({
  icons,
  value,
  onChange,
  defaultType = 'OUTLINE',
  height = 280,
  columns = 7,
}: IconPickerProps) {
  const [query, setQuery] = useState('');
  const [type, setType] = useState<IconType>(() => (value?.endsWith('-filled') ? 'FILL' : defaultType));
  const library = useIconLibrary({ enabled: icons === undefined });
  const source = icons ?? library.data;
  const visible = useMemo(() => filterIcons(source ?? [], query, type), [source, query, type]);

  let body;
  if (!source && library.isError) {
    body = (
      <Stack h={height} align="center" justify="center" gap="xs">
        <Text size="sm" c="red">
          The icons could not be loaded.
        </Text>
        <Button size="xs" variant="light" onClick={() => void library.refetch()}>
          Try again
        </Button>
      </Stack>
    );
  } else if (!source) {
    body = (
      <Center h={height}>
        <Loader size="sm" aria-label="Loading icons" />
      </Center>
    );
  } else if (visible.length === 0) {
    body = (
      <Center h={height}>
        <Text c="dimmed" size="sm">
          No icons match “{query.trim()}”.
        </Text>
      </Center>
    );
  } else {
    body = (
      <IconGrid
        icons={visible}
        value={value}
        onPick={(icon) => onChange?.(icon)}
        height={height}
        columns={columns}
      />
    );
  }

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
      {source && (
        <Text size="xs" c="dimmed" aria-live="polite">
          {visible.length.toLocaleString()} {visible.length === 1 ? 'icon' : 'icons'}
        </Text>
      )}
      {body}
    </Stack>
  );
}
