import type { CSSProperties } from 'react';
import { Box, Portal, Stack, Text } from '@mantine/core';
import type { TFieldType } from '@esigns/contracts/documents';
import { ColorSelect } from './field-controls';
import { useEditor } from './editor-context';
import { FIELD_GROUPS, FIELD_META } from './field-catalogue';
import { FIELD_ICONS } from './field-icons';
import { canOwnFields, recipientName } from './recipient-labels';
import { usePaletteDrag } from './use-palette-drag';
import classes from './editor.module.css';

/** Who new fields go to: the active recipient, with their colour. */
function ActiveRecipientSelect() {
  const { layout, activeRecipientKey, dispatch, colorOf, mode } = useEditor();
  const data = layout.document_users.map((r, i) => ({ value: r.key, label: recipientName(r, i) }));
  if (data.length === 0) return null;
  const active = activeRecipientKey ?? '';
  return (
    <ColorSelect
      label={mode === 'template' ? 'Adding fields for role' : 'Adding fields for'}
      size="sm"
      data={data}
      value={active}
      colorOf={colorOf}
      onChange={(value) => value && dispatch({ type: 'setActiveRecipient', key: value })}
    />
  );
}

/**
 * The field types, grouped. Drag one onto a page, or click it (or press Enter) to add it in the
 * middle of the page in view. New fields belong to the active recipient.
 */
export function FieldPalette({
  onAdd,
}: {
  onAdd: (type: TFieldType, at?: { page: number; x: number; y: number }) => void;
}) {
  const { viewport, activeRecipientKey, colorOf, zoom, layout } = useEditor();
  const { ghost, pressProps, consumeDragClick } = usePaletteDrag(viewport, onAdd);
  const color = activeRecipientKey ? colorOf(activeRecipientKey) : undefined;
  const active = layout.document_users.find((r) => r.key === activeRecipientKey);
  const ghostMeta = ghost ? FIELD_META[ghost.type] : null;

  return (
    <Stack gap="md">
      <ActiveRecipientSelect />
      {active && !canOwnFields(active) && (
        <Text size="xs" c="orange.8">
          {recipientName(active)} receives a copy or views only, so cannot fill fields. Choose a signer or
          approver.
        </Text>
      )}
      {FIELD_GROUPS.map((group) => (
        <Box key={group.group}>
          <Text className={classes.sectionTitle} mb={6}>
            {group.label}
          </Text>
          <div className={classes.paletteGrid} role="group" aria-label={`${group.label} fields`}>
            {group.types.map((type) => {
              const Icon = FIELD_ICONS[type];
              return (
                <button
                  key={type}
                  type="button"
                  className={classes.paletteItem}
                  style={color ? ({ '--palette-color': color } as CSSProperties) : undefined}
                  aria-label={`Add ${FIELD_META[type].label} field`}
                  title={`Drag onto a page, or click to add ${FIELD_META[type].label.toLowerCase()}`}
                  {...pressProps(type)}
                  onClick={() => {
                    if (!consumeDragClick()) onAdd(type);
                  }}
                >
                  <Icon size={17} stroke={1.7} className={classes.paletteIcon} />
                  <span className={classes.fieldText}>{FIELD_META[type].label}</span>
                </button>
              );
            })}
          </div>
        </Box>
      ))}
      {ghost && ghostMeta && (
        <Portal>
          <div
            className={classes.ghost}
            aria-hidden
            style={
              {
                left: ghost.x - (ghostMeta.width * zoom) / 2,
                top: ghost.y - (ghostMeta.height * zoom) / 2,
                width: ghostMeta.width * zoom,
                height: ghostMeta.height * zoom,
                opacity: ghost.isOverPage ? 1 : 0.6,
                '--field-color': color ?? '#868E96',
              } as CSSProperties
            }
          >
            {ghostMeta.width * zoom > 40 && ghostMeta.label}
          </div>
        </Portal>
      )}
    </Stack>
  );
}
