import { useState, type ReactNode } from 'react';
import { Button, Group, Stack, Tabs, Text } from '@mantine/core';
import { IconBookmark, IconPencil, IconTypography, IconUpload } from '@tabler/icons-react';
import { ErrorAlert } from '../page-kit';
import { DrawPad } from './draw-pad';
import { MarkPreview } from './mark-preview';
import { MARK_WORDS, reasonText, type MarkKind } from './mark-words';
import { PenColorPicker } from './pen-color-picker';
import { TypePanel } from './type-panel';
import { UploadPanel, type WhiteBackground } from './upload-panel';
import { useMarkDraft, type MarkTab } from './use-mark-draft';

export type MarkEditorProps = {
  kind: MarkKind;
  /** What the Type tab starts with: the person's name or initials. */
  defaultText: string;
  /** A picture saved on the account: offered first, on a tab of its own. */
  saved?: string | null;
  /** Whether an uploaded picture's white background becomes transparent at first. */
  whiteBackground?: WhiteBackground;
  /** Takes the finished PNG data URL. An Error it throws (or rejects with) shows in the editor. */
  onDone: (dataUrl: string) => void | Promise<void>;
  /** The main button: 'Save signature', 'Adopt and sign'. */
  doneLabel: string;
  /** The caller is still busy with an earlier picture (e.g. saving it). */
  isBusy?: boolean;
  /** Shows a Cancel button before the main one. */
  onCancel?: () => void;
  /** Between the tabs and the buttons: options and notes of the caller. */
  children?: ReactNode;
};

/**
 * Make a signature or initials: draw it (mouse, pen or finger), type it in a handwriting font, or
 * upload a picture; or take the one saved on the account. The one editor of the profile screens
 * and of signing.
 */
export function MarkEditor({
  kind,
  defaultText,
  saved = null,
  whiteBackground = 'jpeg',
  onDone,
  doneLabel,
  isBusy = false,
  onCancel,
  children,
}: MarkEditorProps) {
  const words = MARK_WORDS[kind];
  const draft = useMarkDraft(kind, defaultText, saved, whiteBackground);
  const [isWorking, setWorking] = useState(false);

  const finish = async () => {
    setWorking(true);
    try {
      const dataUrl = await draft.build();
      draft.setProblem(null);
      await onDone(dataUrl);
    } catch (reason) {
      draft.setProblem(reasonText(reason, 'The picture could not be made.'));
    } finally {
      setWorking(false);
    }
  };

  return (
    <Stack gap="md">
      <Tabs
        value={draft.tab}
        onChange={(value) => draft.openTab((value as MarkTab | null) ?? 'draw')}
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
              <MarkPreview src={saved} alt={`Your saved ${words.noun}`} maxHeight={140} />
            </Stack>
          </Tabs.Panel>
        )}
        <Tabs.Panel value="draw" pt="md">
          <Stack gap="sm">
            <PenColorPicker value={draft.color} onChange={draft.setColor} />
            <DrawPad
              padRef={draft.padRef}
              penColor={draft.color}
              height={kind === 'signature' ? 200 : 160}
              label={`Drawing area for your ${words.noun}`}
              onInkChange={draft.setHasInk}
            />
          </Stack>
        </Tabs.Panel>
        <Tabs.Panel value="type" pt="md">
          <TypePanel
            kind={kind}
            text={draft.text}
            onTextChange={draft.setText}
            previewText={draft.text.trim() || defaultText || words.typeLabel}
            color={draft.color}
            onColorChange={draft.setColor}
            fontId={draft.fontId}
            onFontChange={draft.setFontId}
          />
        </Tabs.Panel>
        <Tabs.Panel value="upload" pt="md">
          <UploadPanel
            noun={words.noun}
            upload={draft.upload.upload}
            onPick={draft.upload.pick}
            onRemoveWhiteChange={draft.upload.setRemoveWhite}
          />
        </Tabs.Panel>
      </Tabs>
      {children}
      {draft.problem && <ErrorAlert>{draft.problem}</ErrorAlert>}
      <Group justify="flex-end" gap="sm">
        {onCancel && (
          <Button variant="default" onClick={onCancel}>
            Cancel
          </Button>
        )}
        <Button onClick={() => void finish()} loading={isBusy || isWorking} disabled={!draft.isReady}>
          {doneLabel}
        </Button>
      </Group>
    </Stack>
  );
}
