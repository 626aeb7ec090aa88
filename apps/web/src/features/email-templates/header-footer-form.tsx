import { useRef, useState } from 'react';
import { Button, Group, Popover, Stack, Switch, Text, TextInput } from '@mantine/core';
import { IconBraces } from '@tabler/icons-react';
import { Link } from 'react-router';
import type { TEmailTemplate, TMergeField } from '@esigns/contracts/email';
import { ErrorAlert, Panel, errorText } from '../../shared/ui/page-kit';
import { MergeFieldList } from './merge-field-picker';
import { EMAIL_TEMPLATES_PATH } from './paths';
import { RichTextEditor, type RichTextHandle } from './rich-text-editor';
import { RenderedMail } from './template-preview';
import { fieldError, useTemplateSave } from './use-template-save';

/** What a header/footer may print: it stands around mails without a record or a sender. */
export const FRAME_MERGE_FIELDS: TMergeField[] = [
  { name: 'company.name', label: 'Company name', group: 'Company' },
  { name: 'company.email', label: 'Company email', group: 'Company' },
  { name: 'today', label: 'Today', group: 'Date' },
];

const SAMPLE_BODY = '<p>Hello Jane,</p><p>This is where the mail itself goes.</p>';

/** A sample mail in the header/footer, as the preview shows it (the server adds the brand's layout). */
export function sampleMail(header: string, footer: string) {
  const html = `<!doctype html><html><body style="font-family:sans-serif;max-width:600px;margin:auto">${header}<hr/>${SAMPLE_BODY}<hr/>${footer}</body></html>`;
  return { subject: 'A sample mail', html, text: 'Hello Jane,\n\nThis is where the mail itself goes.' };
}

function FieldPicker({ onPick }: { onPick: (token: string) => void }) {
  const [opened, setOpened] = useState(false);
  return (
    <Popover opened={opened} onChange={setOpened} position="bottom-end" withinPortal>
      <Popover.Target>
        <Button
          variant="default"
          leftSection={<IconBraces size={16} />}
          onMouseDown={(e) => e.preventDefault()}
          onClick={() => setOpened((o) => !o)}
        >
          Insert merge field
        </Button>
      </Popover.Target>
      <Popover.Dropdown>
        <MergeFieldList
          fields={FRAME_MERGE_FIELDS}
          onPick={(token) => {
            onPick(token);
            setOpened(false);
          }}
        />
      </Popover.Dropdown>
    </Popover>
  );
}

/** The header/footer form: name, header and footer in the rich-text editor, the default switch, a sample. */
export function HeaderFooterForm({ template }: { template?: TEmailTemplate }) {
  const [name, setName] = useState(template?.name ?? '');
  const [header, setHeader] = useState(template?.header_html ?? '');
  const [footer, setFooter] = useState(template?.footer_html ?? '');
  const [isDefault, setIsDefault] = useState(template?.is_default ?? false);
  const headerRef = useRef<RichTextHandle>(null);
  const footerRef = useRef<RichTextHandle>(null);
  const last = useRef<'header' | 'footer'>('header');
  const save = useTemplateSave(template?._id);
  const error = (key: string) => fieldError(save.error, key);
  const other =
    save.error && !['name', 'header_html', 'footer_html'].some((k) => error(k)) ? save.error : null;
  const insert = (token: string) =>
    (last.current === 'header' ? headerRef : footerRef).current?.insertText(token);
  return (
    <Stack gap="md">
      <Panel>
        <Stack p="md" gap="sm">
          {other ? <ErrorAlert>{errorText(other)}</ErrorAlert> : null}
          <Group align="flex-end" wrap="wrap">
            <TextInput
              label="Name"
              required
              style={{ flex: '1 1 260px' }}
              value={name}
              onChange={(e) => setName(e.currentTarget.value)}
              error={error('name')}
            />
            <FieldPicker onPick={insert} />
          </Group>
          <RichTextEditor
            label="Header"
            value={header}
            onChange={setHeader}
            onFocus={() => (last.current = 'header')}
            error={error('header_html')}
            handle={headerRef}
            minHeight={100}
          />
          <RichTextEditor
            label="Footer"
            value={footer}
            onChange={setFooter}
            onFocus={() => (last.current = 'footer')}
            error={error('footer_html')}
            handle={footerRef}
            minHeight={100}
          />
          <Switch
            label="Use as the company default"
            description="Around every product mail and every template without its own header and footer."
            checked={isDefault}
            onChange={(e) => setIsDefault(e.currentTarget.checked)}
          />
          <Group justify="flex-end">
            <Button variant="default" component={Link} to={EMAIL_TEMPLATES_PATH}>
              Back to the list
            </Button>
            <Button
              onClick={() =>
                save.mutate({
                  type: 'HEADER_FOOTER',
                  name,
                  header_html: header,
                  footer_html: footer,
                  is_default: isDefault,
                })
              }
              loading={save.isPending}
            >
              Save
            </Button>
          </Group>
        </Stack>
      </Panel>
      <Panel>
        <Stack p="md" gap="xs">
          <Text fw={600}>Preview of a sample mail</Text>
          <RenderedMail mail={sampleMail(header, footer)} />
        </Stack>
      </Panel>
    </Stack>
  );
}
