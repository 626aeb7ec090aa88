import { useEffect, useImperativeHandle, type Ref } from 'react';
import { ActionIcon, Box, ColorInput, Group, Input, Popover, Tooltip } from '@mantine/core';
import {
  IconAlignCenter,
  IconAlignLeft,
  IconAlignRight,
  IconBold,
  IconH2,
  IconItalic,
  IconLink,
  IconList,
  IconListNumbers,
  IconPalette,
  IconPhoto,
  IconUnderline,
  type Icon,
} from '@tabler/icons-react';
import Image from '@tiptap/extension-image';
import TextAlign from '@tiptap/extension-text-align';
import { Color, TextStyle } from '@tiptap/extension-text-style';
import { EditorContent, useEditor, type Editor } from '@tiptap/react';
import StarterKit from '@tiptap/starter-kit';

/** What the screen does with an editor: put a merge field where the cursor is. */
export type RichTextHandle = { insertText: (text: string) => void };

export type RichTextEditorProps = {
  label: string;
  value: string;
  onChange: (html: string) => void;
  onFocus?: () => void;
  error?: string | undefined;
  minHeight?: number;
  handle?: Ref<RichTextHandle>;
};

const EXTENSIONS = [
  StarterKit.configure({
    link: { openOnClick: false, protocols: ['http', 'https', 'mailto'] },
    code: false,
    codeBlock: false,
  }),
  TextStyle,
  Color,
  TextAlign.configure({ types: ['heading', 'paragraph'] }),
  Image.configure({ inline: false }),
];

type Tool = { label: string; icon: Icon; run: (e: Editor) => void; active?: (e: Editor) => boolean };

const TOOLS: Tool[] = [
  {
    label: 'Bold',
    icon: IconBold,
    run: (e) => e.chain().focus().toggleBold().run(),
    active: (e) => e.isActive('bold'),
  },
  {
    label: 'Italic',
    icon: IconItalic,
    run: (e) => e.chain().focus().toggleItalic().run(),
    active: (e) => e.isActive('italic'),
  },
  {
    label: 'Underline',
    icon: IconUnderline,
    run: (e) => e.chain().focus().toggleUnderline().run(),
    active: (e) => e.isActive('underline'),
  },
  {
    label: 'Heading',
    icon: IconH2,
    run: (e) => e.chain().focus().toggleHeading({ level: 2 }).run(),
    active: (e) => e.isActive('heading'),
  },
  { label: 'Bulleted list', icon: IconList, run: (e) => e.chain().focus().toggleBulletList().run() },
  { label: 'Numbered list', icon: IconListNumbers, run: (e) => e.chain().focus().toggleOrderedList().run() },
  { label: 'Align left', icon: IconAlignLeft, run: (e) => e.chain().focus().setTextAlign('left').run() },
  {
    label: 'Align centre',
    icon: IconAlignCenter,
    run: (e) => e.chain().focus().setTextAlign('center').run(),
  },
  { label: 'Align right', icon: IconAlignRight, run: (e) => e.chain().focus().setTextAlign('right').run() },
  {
    label: 'Link',
    icon: IconLink,
    run: (e) => {
      const href = window.prompt(
        'Link address (https://… or {{record.url}})',
        e.getAttributes('link').href ?? '',
      );
      if (href === null) return;
      if (href === '') e.chain().focus().unsetLink().run();
      else e.chain().focus().extendMarkRange('link').setLink({ href }).run();
    },
    active: (e) => e.isActive('link'),
  },
  {
    label: 'Image by address',
    icon: IconPhoto,
    run: (e) => {
      const src = window.prompt('Image address (https://…)');
      if (src) e.chain().focus().setImage({ src }).run();
    },
  },
];

function ColorTool({ editor }: { editor: Editor }) {
  return (
    <Popover position="bottom" withinPortal>
      <Popover.Target>
        <Tooltip label="Text colour">
          <ActionIcon variant="subtle" color="gray" aria-label="Text colour">
            <IconPalette size={16} />
          </ActionIcon>
        </Tooltip>
      </Popover.Target>
      <Popover.Dropdown>
        <ColorInput
          aria-label="Colour"
          format="hex"
          onChangeEnd={(color) => editor.chain().focus().setColor(color).run()}
        />
      </Popover.Dropdown>
    </Popover>
  );
}

function Toolbar({ editor }: { editor: Editor }) {
  return (
    <Group gap={2} p={4} style={{ borderBottom: '1px solid var(--mantine-color-gray-3)' }}>
      {TOOLS.map((tool) => (
        <Tooltip key={tool.label} label={tool.label}>
          <ActionIcon
            variant={tool.active?.(editor) ? 'light' : 'subtle'}
            color="gray"
            aria-label={tool.label}
            onClick={() => tool.run(editor)}
          >
            <tool.icon size={16} />
          </ActionIcon>
        </Tooltip>
      ))}
      <ColorTool editor={editor} />
    </Group>
  );
}

/**
 * A rich-text input (tiptap): bold, italic, underline, a heading, lists, alignment, colour, links
 * and images by address. Its HTML goes to `onChange`; the server sanitises it on save.
 */
export function RichTextEditor({
  label,
  value,
  onChange,
  onFocus,
  error,
  minHeight = 200,
  handle,
}: RichTextEditorProps) {
  const editor = useEditor({
    extensions: EXTENSIONS,
    content: value,
    immediatelyRender: true,
    shouldRerenderOnTransaction: true,
    editorProps: { attributes: { 'aria-label': label, role: 'textbox', 'aria-multiline': 'true' } },
    onUpdate: ({ editor: e }) => onChange(e.getHTML()),
    onFocus: () => onFocus?.(),
  });
  // A value loaded after the editor started (the saved template) replaces its content once.
  useEffect(() => {
    if (editor && value !== editor.getHTML() && !editor.isFocused)
      editor.commands.setContent(value, { emitUpdate: false });
  }, [editor, value]);
  useImperativeHandle(handle, () => ({
    insertText: (text: string) => editor?.chain().focus().insertContent(text).run(),
  }));
  return (
    <Input.Wrapper label={label} error={error}>
      <Box
        style={{
          border: `1px solid var(--mantine-color-${error ? 'red-6' : 'gray-4'})`,
          borderRadius: 'var(--mantine-radius-sm)',
          background: 'white',
        }}
      >
        {editor && <Toolbar editor={editor} />}
        <Box px="sm" style={{ minHeight }} className="rich-text-content">
          <EditorContent editor={editor} />
        </Box>
      </Box>
    </Input.Wrapper>
  );
}
