import { useRef, useState } from 'react';
import {
  Box,
  Button,
  CheckIcon,
  ColorSwatch,
  FileButton,
  Group,
  Image,
  Radio,
  SimpleGrid,
  Stack,
  Switch,
  Tabs,
  Text,
  TextInput,
  Tooltip,
} from '@mantine/core';
import { IconPencil, IconTypography, IconUpload } from '@tabler/icons-react';
import { DrawPad, exportDrawing, type DrawHandle } from './draw-pad';
import { MARK_UPLOAD_TYPES, MAX_DATA_URL_LENGTH, checkImageFile, loadImageFile } from './image-files';
import {
  PEN_COLORS,
  TYPE_FONTS,
  fontShorthand,
  imageToMarkPng,
  renderTypedMark,
  type PenColor,
  type TypeFontId,
} from './mark-render';
import type { MarkKind } from './profile-api';
import { FormAlert } from './screen-states';

export type MarkTab = 'draw' | 'type' | 'upload';

/** A checkerboard that shows which parts of a picture are transparent. */
export const TRANSPARENT_BACKGROUND =
  'repeating-conic-gradient(var(--mantine-color-gray-1) 0 25%, var(--mantine-color-white) 0 50%) 0 0 / 16px 16px';

const WORDS: Record<MarkKind, { noun: string; typeLabel: string }> = {
  signature: { noun: 'signature', typeLabel: 'Your name' },
  initial: { noun: 'initials', typeLabel: 'Your initials' },
};

function PenColorPicker({ value, onChange }: { value: PenColor; onChange: (color: PenColor) => void }) {
  return (
    <Group gap="xs" role="radiogroup" aria-label="Ink colour">
      <Text size="sm" fw={500}>
        Ink
      </Text>
      {PEN_COLORS.map((color) => {
        const isChecked = color.value === value;
        return (
          <Tooltip key={color.value} label={color.label}>
            <ColorSwatch
              component="button"
              type="button"
              color={color.value}
              size={26}
              role="radio"
              aria-checked={isChecked}
              aria-label={color.label}
              onClick={() => onChange(color.value)}
              style={{ cursor: 'pointer', color: '#fff' }}
            >
              {isChecked && <CheckIcon size={12} />}
            </ColorSwatch>
          </Tooltip>
        );
      })}
    </Group>
  );
}

type Upload = { image: HTMLImageElement; dataUrl: string; removeWhite: boolean; name: string };

export type MarkEditorProps = {
  kind: MarkKind;
  /** The typed text to start with: the user's name or initials. */
  defaultText: string;
  isSaving: boolean;
  onSave: (dataUrl: string) => void;
};

/** Make a signature or initials: draw it, type it in a handwriting font, or upload a picture. */
export function MarkEditor({ kind, defaultText, isSaving, onSave }: MarkEditorProps) {
  const words = WORDS[kind];
  const padRef = useRef<DrawHandle | null>(null);
  const [tab, setTab] = useState<MarkTab>('draw');
  const [color, setColor] = useState<PenColor>(PEN_COLORS[0].value);
  const [hasInk, setHasInk] = useState(false);
  const [text, setText] = useState(defaultText);
  const [fontId, setFontId] = useState<TypeFontId>(TYPE_FONTS[0].id);
  const [upload, setUpload] = useState<Upload | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const previewText = text.trim() || defaultText || 'Your name';

  const convert = (image: HTMLImageElement, removeWhite: boolean, name: string) => {
    try {
      setUpload({ image, removeWhite, name, dataUrl: imageToMarkPng(image, removeWhite) });
      setProblem(null);
    } catch (reason) {
      setProblem(reason instanceof Error ? reason.message : 'This image could not be used.');
    }
  };

  const pick = (file: File | null) => {
    if (!file) return;
    const wrong = checkImageFile(file, MARK_UPLOAD_TYPES);
    if (wrong) {
      setProblem(wrong);
      return;
    }
    // A JPEG has no transparency: its white paper is removed unless the user turns that off.
    loadImageFile(file).then(
      (image) => convert(image, file.type === 'image/jpeg', file.name),
      (reason: unknown) =>
        setProblem(reason instanceof Error ? reason.message : 'This image could not be read.'),
    );
  };

  const build = (): string => {
    if (tab === 'draw') {
      const drawing = exportDrawing(padRef.current);
      if (!drawing) throw new Error(`Draw your ${words.noun} first`);
      return drawing;
    }
    if (tab === 'type') {
      if (!text.trim()) throw new Error(`Type your ${kind === 'signature' ? 'name' : 'initials'} first`);
      return renderTypedMark(text, fontId, color);
    }
    if (!upload) throw new Error(`Choose a picture of your ${words.noun} first`);
    return upload.dataUrl;
  };

  const save = () => {
    try {
      const dataUrl = build();
      if (dataUrl.length > MAX_DATA_URL_LENGTH) {
        throw new Error('This picture is larger than 2 MB. Try a smaller one.');
      }
      setProblem(null);
      onSave(dataUrl);
    } catch (reason) {
      setProblem(reason instanceof Error ? reason.message : 'The picture could not be made.');
    }
  };

  const canSave = tab === 'draw' ? hasInk : tab === 'type' ? text.trim().length > 0 : upload !== null;

  return (
    <Stack gap="md">
      <Tabs
        value={tab}
        onChange={(value) => {
          setTab((value as MarkTab | null) ?? 'draw');
          setProblem(null);
        }}
        keepMounted
        keepMountedMode="display-none"
      >
        <Tabs.List grow>
          <Tabs.Tab value="draw" leftSection={<IconPencil size={16} />}>
            Draw
          </Tabs.Tab>
          <Tabs.Tab value="type" leftSection={<IconTypography size={16} />}>
            Type
          </Tabs.Tab>
          <Tabs.Tab value="upload" leftSection={<IconUpload size={16} />}>
            Upload
          </Tabs.Tab>
        </Tabs.List>

        <Tabs.Panel value="draw" pt="md">
          <Stack gap="sm">
            <PenColorPicker value={color} onChange={setColor} />
            <DrawPad
              padRef={padRef}
              penColor={color}
              height={kind === 'signature' ? 200 : 160}
              label={`Drawing area for your ${words.noun}`}
              onInkChange={setHasInk}
            />
          </Stack>
        </Tabs.Panel>

        <Tabs.Panel value="type" pt="md">
          <Stack gap="sm">
            <TextInput
              label={words.typeLabel}
              value={text}
              onChange={(event) => setText(event.currentTarget.value)}
              maxLength={kind === 'signature' ? 60 : 6}
            />
            <PenColorPicker value={color} onChange={setColor} />
            <Radio.Group
              value={fontId}
              onChange={(value) => setFontId(value as TypeFontId)}
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
        </Tabs.Panel>

        <Tabs.Panel value="upload" pt="md">
          <Stack gap="sm">
            <Text size="sm" c="dimmed">
              A PNG or JPEG picture of your {words.noun}, ideally dark ink on white or a transparent
              background.
            </Text>
            <Group>
              <FileButton onChange={pick} accept={MARK_UPLOAD_TYPES.join(',')}>
                {(props) => (
                  <Button {...props} variant="light" leftSection={<IconUpload size={16} />}>
                    {upload ? 'Choose another picture' : 'Choose a picture'}
                  </Button>
                )}
              </FileButton>
              {upload && (
                <Text size="sm" c="dimmed" truncate maw={220}>
                  {upload.name}
                </Text>
              )}
            </Group>
            {upload && (
              <>
                <Box
                  p="sm"
                  style={{
                    borderRadius: 'var(--mantine-radius-md)',
                    border: '1px solid var(--mantine-color-gray-3)',
                    background: TRANSPARENT_BACKGROUND,
                  }}
                >
                  <Image
                    src={upload.dataUrl}
                    alt={`Uploaded ${words.noun} preview`}
                    fit="contain"
                    mah={160}
                    maw="100%"
                    w="auto"
                    mx="auto"
                  />
                </Box>
                <Switch
                  label="Make the white background transparent"
                  checked={upload.removeWhite}
                  onChange={(event) => convert(upload.image, event.currentTarget.checked, upload.name)}
                />
              </>
            )}
          </Stack>
        </Tabs.Panel>
      </Tabs>
      <FormAlert message={problem} />
      <Group justify="flex-end">
        <Button onClick={save} loading={isSaving} disabled={!canSave}>
          Save {words.noun}
        </Button>
      </Group>
    </Stack>
  );
}
