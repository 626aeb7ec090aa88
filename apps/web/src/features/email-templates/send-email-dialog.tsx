import { useState } from 'react';
import { Alert, Anchor, Button, Group, Select, Stack, TagsInput } from '@mantine/core';
import { useMutation, useQuery } from '@tanstack/react-query';
import { Link } from 'react-router';
import { AppDialog } from '../../shared/ui/app-dialog';
import { DialogButtons } from '../../shared/ui/form-dialog';
import { ErrorAlert, errorText } from '../../shared/ui/page-kit';
import { ENTITY_KEYS, fetchTemplateFields } from '../entities/entities-api';
import {
  EMAIL_TEMPLATE_KEYS,
  fetchEntityEmailTemplates,
  previewEmailTemplate,
  sendRecordMails,
} from './email-templates-api';
import { BatchProgress } from './batch-progress';
import type { GridMatch } from './grid-match';
import { RecipientsChoice, recipientsOf, type Recipients } from './recipients-choice';
import { RenderedMail } from './template-preview';
import { fieldError } from './use-template-save';

/** The entity's EMAIL fields as `to_field` choices (`<template_id>#<field_key>`). */
function useAddressFields(entityId: string) {
  const fields = useQuery({
    queryKey: ENTITY_KEYS.fields(entityId),
    queryFn: ({ signal }) => fetchTemplateFields(entityId, signal),
  });
  return (fields.data ?? [])
    .filter((field) => field.type === 'EMAIL')
    .map((field) => ({
      value: `${field.template_id}#${field.key}`,
      label: `${field.template_name}: ${field.label}`,
    }));
}

type Props = {
  opened: boolean;
  onClose: () => void;
  entityId: string;
  recordIds: string[];
  /** The records grid's current query: offers "all records matching the current filter". */
  matching?: GridMatch | null | undefined;
};

/**
 * "Send email": mails the selected records (or all those matching the grid's filter) with one of
 * the entity's templates (`POST /entities/emails`), at an EMAIL field of theirs (chosen when the
 * entity has several), with cc; a preview with the first selected record; then the mailing's
 * progress, live from the socket.
 */
export function SendEmailDialog({ opened, onClose, entityId, recordIds, matching }: Props) {
  const templates = useQuery({
    queryKey: EMAIL_TEMPLATE_KEYS.ofEntity(entityId),
    queryFn: ({ signal }) => fetchEntityEmailTemplates(entityId, signal),
    enabled: opened,
  });
  const addresses = useAddressFields(entityId);
  const [templateId, setTemplateId] = useState<string | null>(null);
  const [toField, setToField] = useState<string | null>(null);
  const [cc, setCc] = useState<string[]>([]);
  const [scope, setScope] = useState<Recipients>('selected');
  const preview = useMutation({
    mutationFn: () => previewEmailTemplate({ id: templateId ?? '', record_id: recordIds[0] }),
  });
  const send = useMutation({
    mutationFn: () =>
      sendRecordMails({
        entity_id: entityId,
        template_id: templateId ?? '',
        ...recipientsOf(scope, recordIds, matching),
        cc,
        ...(toField ? { to_field: toField } : {}),
      }),
  });
  const count =
    scope === 'all' && matching
      ? `all ${matching.total.toLocaleString()} matching records`
      : `${recordIds.length} record${recordIds.length === 1 ? '' : 's'}`;
  const list = templates.data ?? [];
  const ccError = fieldError(send.error, 'cc');
  const allError = fieldError(send.error, 'all');
  const sendError = send.error && !ccError && !allError ? send.error : null;
  return (
    <AppDialog
      opened={opened}
      onClose={onClose}
      title={`Send email to ${count}`}
      size="lg"
      footer={
        send.data ? (
          <Button onClick={onClose}>Close</Button>
        ) : (
          <DialogButtons
            onCancel={onClose}
            confirmLabel="Send"
            isPending={send.isPending}
            isConfirmDisabled={!templateId || addresses.length === 0}
            onConfirm={() => send.mutate()}
          />
        )
      }
    >
      {send.data ? (
        <BatchProgress batch={send.data} />
      ) : (
        <Stack gap="sm">
          {sendError ? <ErrorAlert>{errorText(sendError)}</ErrorAlert> : null}
          {matching && (
            <RecipientsChoice
              value={scope}
              onChange={setScope}
              selected={recordIds.length}
              matching={matching}
              error={allError}
            />
          )}
          {templates.isError && <ErrorAlert>{errorText(templates.error)}</ErrorAlert>}
          {templates.isSuccess && list.length === 0 ? (
            <Alert color="yellow" title="No email template for this entity yet">
              <Anchor
                component={Link}
                to={`/email-template/create?entity_id=${encodeURIComponent(entityId)}`}
              >
                Create one
              </Anchor>
            </Alert>
          ) : (
            <Select
              label="Email template"
              placeholder="Choose a template"
              data={list.map((t) => ({ value: t._id, label: t.name }))}
              value={templateId}
              onChange={(value) => {
                setTemplateId(value);
                preview.reset();
              }}
              error={fieldError(send.error, 'template_id')}
            />
          )}
          {addresses.length === 0 && <Alert color="yellow">This entity has no email field to send to.</Alert>}
          {addresses.length > 1 && (
            <Select
              label="Send to"
              placeholder={addresses[0]?.label}
              data={addresses}
              value={toField}
              onChange={setToField}
              error={fieldError(send.error, 'to_field')}
            />
          )}
          <TagsInput
            label="Cc"
            placeholder="Add an address and press Enter"
            value={cc}
            onChange={setCc}
            error={ccError}
            maxTags={10}
          />
          <Group>
            <Button
              variant="default"
              disabled={!templateId}
              onClick={() => preview.mutate()}
              loading={preview.isPending}
            >
              Preview with the first record
            </Button>
          </Group>
          {preview.isError && <ErrorAlert>{errorText(preview.error)}</ErrorAlert>}
          {preview.data && <RenderedMail mail={preview.data} />}
        </Stack>
      )}
    </AppDialog>
  );
}
