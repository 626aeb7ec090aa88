import { Box, Group, Radio, SimpleGrid, Stack, Text, TextInput } from '@mantine/core';
import { usePreloadHandwritingFonts } from './handwriting-fonts';
import { TYPE_FONTS, fontShorthand, type PenColor, type TypeFontId } from './mark-render';
import { MARK_WORDS, type MarkKind } from './mark-words';
import { PenColorPicker } from './pen-color-picker';

export type TypePanelProps = {
  kind: MarkKind;
  text: string;
  onTextChange: (text: string) => void;
  /** What the font cards show while the input is empty. */
  previewText: string;
  color: PenColor;
  onColorChange: (color: PenColor) => void;
  fontId: TypeFontId;
  onFontChange: (fontId: TypeFontId) => void;
};

/** The name or initials typed, in a choice of handwriting fonts shown as cards. */
export function TypePanel({
  kind,
  text,
  onTextChange,
  previewText,
  color,
  onColorChange,
  fontId,
  onFontChange,
}: TypePanelProps) {
  usePreloadHandwritingFonts(previewText);
  return (
    <Stack gap="sm">
      <TextInput
        label={MARK_WORDS[kind].typeLabel}
        value={text}
        onChange={(event) => onTextChange(event.currentTarget.value)}
        maxLength={kind === 'signature' ? 60 : 6}
      />
      <PenColorPicker value={color} onChange={onColorChange} />
      <Radio.Group
        value={fontId}
        onChange={(value) => onFontChange(value as TypeFontId)}
        label="Style"
        name={`${kind}-font`}
      >
        <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="sm" mt="xs">
          {TYPE_FONTS.map((font) => (
            <Radio.Card key={font.id} value={font.id} radius="md" p="sm" aria-label={font.label}>
              <Group gap="sm" wrap="nowrap">
                <Radio.Indicator />
                <Box style={{ minWidth: 0 }}>
                  <Text style={{ font: fontShorthand(font.id, 30), color, lineHeight: 1.4 }} truncate>
                    {previewText}
                  </Text>
                  <Text size="xs" c="dimmed">
                    {font.label}
                  </Text>
                </Box>
              </Group>
            </Radio.Card>
          ))}
        </SimpleGrid>
      </Radio.Group>
    </Stack>
  );
}
