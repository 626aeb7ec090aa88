import { useRef, useState } from 'react';
import {
  Alert,
  Box,
  Button,
  Checkbox,
  CheckIcon,
  ColorSwatch,
  FileButton,
  Group,
  Image,
  Modal,
  Radio,
  SimpleGrid,
  Stack,
  Tabs,
  Text,
  TextInput,
} from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { IconBookmark, IconPencil, IconTypography, IconUpload } from '@tabler/icons-react';
import { DrawPad, exportDrawing, type DrawHandle } from '../profile/draw-pad';
import { MARK_UPLOAD_TYPES, checkImageFile, loadImageFile } from '../profile/image-files';
import {
  PEN_COLORS,
  TYPE_FONTS,
  fontShorthand,
  imageToMarkPng,
  renderTypedMark,
  type PenColor,
  type TypeFontId,
} from '../profile/mark-render';
import { fitImageDataUrl, hasVisibleMark } from './mark-image';

export type MarkType = 'SIGNATURE' | 'INITIAL';
type MarkTab = 'saved' | 'draw' | 'type' | 'upload';

const WORDS: Record<MarkType, { noun: string; plural: string; typeLabel: string }> = {
  SIGNATURE: { noun: 'signature', plural: 'signature fields', typeLabel: 'Your name' },
  INITIAL: { noun: 'initials', plural: 'initials fields', typeLabel: 'Your initials' },
};

const CHECKERBOARD =
  'repeating-conic-gradient(var(--mantine-color-gray-1) 0 25%, var(--mantine-color-white) 0 50%) 0 0 / 16px 16px';

export type AdoptMarkDialogProps = {
  opened: boolean;
  type: MarkType;
  /** What the Type tab starts with: the recipient's name or initials. */
  defaultText: string;
  /** The signed-in user's saved signature or initials, offered first. */
  saved: string | null;
  /** Empty fields of this kind (besides the one being signed): "apply to all" is offered when > 1. */
  emptyCount: number;
  onAdopt: (dataUrl: string, applyToAll: boolean) => void;
  onClose: () => void;
};

/**
 * Adopt a signature or initials once: draw it, type it in a handwriting font, upload a picture, or
 * take the one saved on the account. The result is applied to the field tapped and, when chosen,
 * to every other empty field of the same kind.
 */
export function AdoptMarkDialog(props: AdoptMarkDialogProps) {
  const isSmall = useMediaQuery('(max-width: 36em)');
  return (
    <Modal
      opened={props.opened}
      onClose={props.onClose}
      title={props.type === 'SIGNATURE' ? 'Adopt your signature' : 'Adopt your initials'}
      size="lg"
      fullScreen={Boolean(isSmall)}
      centered
    >
      {props.opened && <AdoptMarkForm {...props} />}
    </Modal>
  );
}

type Upload = { dataUrl: string; name: string };

function AdoptMarkForm({ type, defaultText, saved, emptyCount, onAdopt, onClose }: AdoptMarkDialogProps) {
  const words = WORDS[type];
  const padRef = useRef<DrawHandle | null>(null);
  const [tab, setTab] = useState<MarkTab>(saved ? 'saved' : 'draw');
  const [color, setColor] = useState<PenColor>(PEN_COLORS[0].value);
  const [hasInk, setHasInk] = useState(false);
  const [text, setText] = useState(defaultText);
  const [fontId, setFontId] = useState<TypeFontId>(TYPE_FONTS[0].id);
  const [upload, setUpload] = useState<Upload | null>(null);
  const [applyToAll, setApplyToAll] = useState(true);
  const [problem, setProblem] = useState<string | null>(null);
  const [isBusy, setBusy] = useState(false);
  const previewText = text.trim() || defaultText || words.typeLabel;

  const pick = (file: File | null) => {
    if (!file) return;
    const wrong = checkImageFile(file, MARK_UPLOAD_TYPES);
    if (wrong) {
      setProblem(wrong);
      return;
    }
    loadImageFile(file).then(
      (image) => {
        try {
          // A photo or scan of paper: its white background becomes transparent.
          setUpload({ dataUrl: imageToMarkPng(image, true), name: file.name });
          setProblem(null);
        } catch (reason) {
          setProblem(reason instanceof Error ? reason.message : 'This image could not be used.');
        }
      },
      (reason: unknown) =>
        setProblem(reason instanceof Error ? reason.message : 'This image could not be read.'),
    );
  };

  const build = (): string => {
    if (tab === 'saved' && saved) return saved;
    if (tab === 'draw') {
      const drawing = exportDrawing(padRef.current);
      if (!drawing) throw new Error(`Draw your ${words.noun} first`);
      return drawing;
    }
    if (tab === 'type') {
      if (!text.trim()) throw new Error(`Type your ${type === 'SIGNATURE' ? 'name' : 'initials'} first`);
      return renderTypedMark(text, fontId, color);
    }
    if (!upload) throw new Error(`Choose a picture of your ${words.noun} first`);
    return upload.dataUrl;
  };

  const adopt = async () => {
    setBusy(true);
    try {
      const dataUrl = await fitImageDataUrl(build());
      if (!(await hasVisibleMark(dataUrl))) {
        throw new Error(
          `This ${words.noun} ${type === 'INITIAL' ? 'are' : 'is'} blank: nothing would show on the document. ` +
            `Draw, type or upload a visible ${words.noun}.`,
        );
      }
      setProblem(null);
      onAdopt(dataUrl, applyToAll && emptyCount > 1);
    } catch (reason) {
      setProblem(reason instanceof Error ? reason.message : 'The picture could not be made.');
    } finally {
      setBusy(false);
    }
  };

  const canAdopt =
    tab === 'saved'
      ? Boolean(saved)
      : tab === 'draw'
        ? hasInk
        : tab === 'type'
          ? text.trim().length > 0
          : upload !== null;

  const colorPicker = (
    <Group gap="xs" role="radiogroup" aria-label="Ink colour">
      <Text size="sm" fw={500}>
        Ink
      </Text>
      {PEN_COLORS.map((pen) => (
        <ColorSwatch
          key={pen.value}
          component="button"
          type="button"
          color={pen.value}
          size={26}
          role="radio"
          aria-checked={pen.value === color}
          aria-label={pen.label}
          onClick={() => setColor(pen.value)}
          style={{ cursor: 'pointer', color: '#fff' }}
        >
          {pen.value === color && <CheckIcon size={12} />}
        </ColorSwatch>
      ))}
    </Group>
  );

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
          {saved && (
            <Tabs.Tab value="saved" leftSection={<IconBookmark size={16} />}>
              Saved
            </Tabs.Tab>
          )}
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

        {saved && (
          <Tabs.Panel value="saved" pt="md">
            <Stack gap="xs">
              <Text size="sm" c="dimmed">
                The {words.noun} saved on your account.
              </Text>
              <Box
                p="sm"
                style={{
                  borderRadius: 8,
                  border: '1px solid var(--mantine-color-gray-3)',
                  background: CHECKERBOARD,
                }}
              >
                <Image
                  src={saved}
                  alt={`Your saved ${words.noun}`}
                  fit="contain"
                  mah={140}
                  w="auto"
                  maw="100%"
                  mx="auto"
                />
              </Box>
            </Stack>
          </Tabs.Panel>
        )}

        <Tabs.Panel value="draw" pt="md">
          <Stack gap="sm">
            {colorPicker}
            <DrawPad
              padRef={padRef}
              penColor={color}
              height={type === 'SIGNATURE' ? 190 : 150}
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
              maxLength={type === 'SIGNATURE' ? 60 : 6}
            />
            {colorPicker}
            <Radio.Group
              value={fontId}
              onChange={(value) => setFontId(value as TypeFontId)}
              label="Style"
              name="mark-font"
            >
              <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="sm" mt="xs">
                {TYPE_FONTS.map((font) => (
                  <Radio.Card key={font.id} value={font.id} radius="md" p="sm" aria-label={font.label}>
                    <Group gap="sm" wrap="nowrap">
                      <Radio.Indicator />
                      <Box style={{ minWidth: 0 }}>
                        <Text style={{ font: fontShorthand(font.id, 28), color, lineHeight: 1.4 }} truncate>
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
              A PNG or JPEG picture of your {words.noun}; a white background is made transparent.
            </Text>
            <Group>
              <FileButton onChange={pick} accept={MARK_UPLOAD_TYPES.join(',')}>
                {(buttonProps) => (
                  <Button {...buttonProps} variant="light" leftSection={<IconUpload size={16} />}>
                    {upload ? 'Choose another picture' : 'Choose a picture'}
                  </Button>
                )}
              </FileButton>
              {upload && (
                <Text size="sm" c="dimmed" truncate maw={200}>
                  {upload.name}
                </Text>
              )}
            </Group>
            {upload && (
              <Box
                p="sm"
                style={{
                  borderRadius: 8,
                  border: '1px solid var(--mantine-color-gray-3)',
                  background: CHECKERBOARD,
                }}
              >
                <Image
                  src={upload.dataUrl}
                  alt={`Uploaded ${words.noun} preview`}
                  fit="contain"
                  mah={140}
                  w="auto"
                  maw="100%"
                  mx="auto"
                />
              </Box>
            )}
          </Stack>
        </Tabs.Panel>
      </Tabs>

      {emptyCount > 1 && (
        <Checkbox
          checked={applyToAll}
          onChange={(event) => setApplyToAll(event.currentTarget.checked)}
          label={`Sign all ${emptyCount} ${words.plural} with it`}
        />
      )}
      {problem && (
        <Alert color="red" variant="light" role="alert">
          {problem}
        </Alert>
      )}
      <Text size="xs" c="dimmed">
        By adopting, you agree that this {words.noun} is the electronic representation of your {words.noun}{' '}
        wherever you use it on this document.
      </Text>
      <Group justify="flex-end" gap="sm">
        <Button variant="default" onClick={onClose}>
          Cancel
        </Button>
        <Button onClick={() => void adopt()} disabled={!canAdopt} loading={isBusy}>
          Adopt and sign
        </Button>
      </Group>
    </Stack>
  );
}
