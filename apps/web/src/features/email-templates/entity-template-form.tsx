import { useRef, useState } from 'react';
import { Button, Group, Select, Stack, TextInput } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { Link } from 'react-router';
import type { TEmailTemplate } from '@esigns/contracts/email';
import { isApiError } from '../../shared/api/api-error';
import { ErrorAlert, Panel, errorText } from '../../shared/ui/page-kit';
import { ENTITY_KEYS, fetchEntities } from '../entities/entities-api';
import { EMAIL_TEMPLATE_KEYS, fetchEmailTemplates } from './email-templates-api';
import { MergeFieldPicker } from './merge-field-picker';
import { EMAIL_TEMPLATES_PATH } from './paths';
import { RichTextEditor, type RichTextHandle } from './rich-text-editor';
import { TemplatePreview } from './template-preview';
import { insertAt } from './insert-at';
import { fieldError, useTemplateSave } from './use-template-save';

const MANY = { page: 1, limit: 100 };

function useChoices() {
  const entities = useQuery({
    queryKey: ENTITY_KEYS.list(MANY),
    queryFn: ({ signal }) => fetchEntities(MANY, signal),
  });
  const frames = useQuery({
    queryKey: EMAIL_TEMPLATE_KEYS.page({ ...MANY, type: 'HEADER_FOOTER' }),
    queryFn: ({ signal }) => fetchEmailTemplates({ ...MANY, type: 'HEADER_FOOTER' }, signal),
  });
  return {
    entities: (entities.data?.data ?? []).map((e) => ({ value: e._id, label: e.name })),
    frames: (frames.data?.data ?? []).map((f) => ({
      value: f._id,
      label: f.is_default ? `${f.name} (default)` : f.name,
    })),
  };
}

/** Errors of the save that are not on a field of the form, shown above it. */
function otherError(error: unknown, keys: string[]): unknown {
  if (!error) return null;
  if (
    isApiError(error) &&
    error.isValidation &&
    Object.keys(error.fieldErrors).some((k) => keys.some((f) => k === f || k.startsWith(`${f}.`)))
  )
    return null;
  return error;
}

const KEYS = ['name', 'entity_id', 'subject', 'body_html', 'header_footer_id'];

/**
 * The entity template form: name, entity (fixed once saved), subject and body with the merge field
 * picker, the header/footer; Save, then the preview with a real record.
 */
export function EntityTemplateForm({
  template,
  initialEntityId,
}: {
  template?: TEmailTemplate;
  initialEntityId?: string;
}) {
  const [name, setName] = useState(template?.name ?? '');
  const [entityId, setEntityId] = useState<string | null>(template?.entity_id ?? initialEntityId ?? null);
  const [subject, setSubject] = useState(template?.subject ?? '');
  const [body, setBody] = useState(template?.body_html ?? '');
  const [frameId, setFrameId] = useState<string | null>(template?.header_footer_id ?? null);
  const choices = useChoices();
  const subjectRef = useRef<HTMLInputElement>(null);
  const bodyRef = useRef<RichTextHandle>(null);
  // Where a picked merge field goes: the subject or the body, whichever had the focus last.
  const [target, setTarget] = useState<'subject' | 'body'>('body');
  const insert = (token: string) => {
    if (target === 'subject') setSubject(insertAt(subjectRef.current, subject, token));
    else bodyRef.current?.insertText(token);
  };
  const save = useTemplateSave(template?._id);
  const error = (key: string) => fieldError(save.error, key);
  const submit = () =>
    save.mutate({
      type: 'ENTITY',
      name,
      entity_id: entityId ?? '',
      subject,
      body_html: body,
      header_footer_id: frameId,
    });
  const other = otherError(save.error, KEYS);
  return (
    <Stack gap="md">
      <Panel>
        <Stack p="md" gap="sm">
          {other ? <ErrorAlert>{errorText(other)}</ErrorAlert> : null}
          <TextInput
            label="Name"
            required
            value={name}
            onChange={(e) => setName(e.currentTarget.value)}
            error={error('name')}
          />
          <Select
            label="Entity"
            required
            searchable
            data={choices.entities}
            value={entityId}
            onChange={setEntityId}
            disabled={Boolean(template)}
            error={error('entity_id')}
          />
          {/* The picker goes under the subject when both do not fit (a phone). */}
          <Group align="flex-end" wrap="wrap">
            <TextInput
              label="Subject"
              required
              style={{ flex: '1 1 260px' }}
              ref={subjectRef}
              value={subject}
              onFocus={() => setTarget('subject')}
              onChange={(e) => setSubject(e.currentTarget.value)}
              error={error('subject')}
            />
            <MergeFieldPicker entityId={entityId} onPick={insert} />
          </Group>
          <RichTextEditor
            label="Body"
            value={body}
            onChange={setBody}
            onFocus={() => setTarget('body')}
            error={error('body_html')}
            handle={bodyRef}
          />
          <Select
            label="Header and footer"
            placeholder="The company's default"
            clearable
            data={choices.frames}
            value={frameId}
            onChange={setFrameId}
            error={error('header_footer_id')}
          />
          <Group justify="flex-end">
            <Button variant="default" component={Link} to={EMAIL_TEMPLATES_PATH}>
              Back to the list
            </Button>
            <Button onClick={submit} loading={save.isPending}>
              Save
            </Button>
          </Group>
        </Stack>
      </Panel>
      {entityId && (
        <TemplatePreview
          draft={{ entity_id: entityId, subject, body_html: body, header_footer_id: frameId }}
        />
      )}
    </Stack>
  );
}
