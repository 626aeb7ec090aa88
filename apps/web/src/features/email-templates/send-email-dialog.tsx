import { useState } from 'react';
import { Alert, Anchor, Button, Group, Progress, Select, Stack, TagsInput, Text } from '@mantine/core';
import { useMutation, useQuery } from '@tanstack/react-query';
import { Link } from 'react-router';
import type { TRecordMailBatch } from '@esigns/contracts/email';
import { AppDialog } from '../../shared/ui/app-dialog';
import { DialogButtons } from '../../shared/ui/form-dialog';
import { ErrorAlert, errorText } from '../../shared/ui/page-kit';
import { ENTITY_KEYS, fetchTemplateFields } from '../entities/entities-api';
import {
  EMAIL_TEMPLATE_KEYS,
  fetchEntityEmailTemplates,
  fetchRecordMailBatch,
  previewEmailTemplate,
  sendRecordMails,
} from './email-templates-api';
import { RenderedMail } from './template-preview';
import { fieldError } from './use-template-save';

/** How often a running mailing's progress is read. */
export const BATCH_POLL_MS = 1500;

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

/** A mailing's progress, read until it is DONE. */
export function BatchProgress({ batch }: { batch: TRecordMailBatch }) {
  const progress = useQuery({
    queryKey: ['record-mails', batch.batch_id],
    queryFn: ({ signal }) => fetchRecordMailBatch(batch.batch_id, signal),
    initialData: batch,
    refetchInterval: (query) => (query.state.data?.status === 'DONE' ? false : BATCH_POLL_MS),
  });
  const now = progress.data;
  const done = now.queued + now.skipped;
  return (
    <Stack gap="xs" data-testid="mail-progress">
      <Text size="sm">
        {now.status === 'DONE' ? 'All mails queued' : 'Queueing the mails…'}: {now.queued} of {now.total}{' '}
        queued
        {now.skipped > 0 ? `, ${now.skipped} skipped (no valid address)` : ''}
      </Text>
      <Progress value={now.total ? (done / now.total) * 100 : 100} animated={now.status !== 'DONE'} />
      <Anchor component={Link} to="/email-log" size="sm">
        Follow their delivery in the email log
      </Anchor>
    </Stack>
  );
}

type Props = { opened: boolean; onClose: () => void; entityId: string; recordIds: string[] };

/**
 * "Send email": mails the records with one of the entity's templates (`POST /entities/emails`),
 * at an EMAIL field of theirs (chosen when the entity has several), with cc; a preview with the
 * first record; then the mailing's progress.
 */
export function SendEmailDialog({ opened, onClose, entityId, recordIds }: Props) {
  const templates = useQuery({
    queryKey: EMAIL_TEMPLATE_KEYS.ofEntity(entityId),
    queryFn: ({ signal }) => fetchEntityEmailTemplates(entityId, signal),
    enabled: opened,
  });
  const addresses = useAddressFields(entityId);
  const [templateId, setTemplateId] = useState<string | null>(null);
  const [toField, setToField] = useState<string | null>(null);
  const [cc, setCc] = useState<string[]>([]);
  const preview = useMutation({
    mutationFn: () => previewEmailTemplate({ id: templateId ?? '', record_id: recordIds[0] }),
  });
  const send = useMutation({
    mutationFn: () =>
      sendRecordMails({
        entity_id: entityId,
        template_id: templateId ?? '',
        record_ids: recordIds,
        cc,
        ...(toField ? { to_field: toField } : {}),
      }),
  });
  const count = `${recordIds.length} record${recordIds.length === 1 ? '' : 's'}`;
  const list = templates.data ?? [];
  const ccError = fieldError(send.error, 'cc');
  const sendError = send.error && !ccError ? send.error : null;
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
