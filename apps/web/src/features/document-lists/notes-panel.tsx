import { useState } from 'react';
import { Avatar, Button, Group, Loader, Stack, Text, Textarea } from '@mantine/core';
import { IconEdit, IconNotes } from '@tabler/icons-react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { NOTE_MAX_LENGTH, type TDocumentNote } from '@esigns/contracts/document-notes';
import { isApiError } from '../../shared/api/api-error';
import { formatDateTime } from '../../shared/format/date';
import { formatInitials } from '../../shared/format/name';
import { ErrorAlert, errorText } from '../../shared/ui/page-kit';
import { DOCUMENT_LIST_KEYS, addNote, fetchNotes, updateNote } from './document-lists-api';

const PAGE = 20;

/** The message of a refused note: the 422 detail of `note`, else the server's message. */
function noteError(error: unknown): string {
  if (isApiError(error)) return error.fieldErrors.note ?? error.message;
  return errorText(error);
}

function NoteEditor({
  initial,
  submitLabel,
  isPending,
  error,
  onSubmit,
  onCancel,
}: {
  initial: string;
  submitLabel: string;
  isPending: boolean;
  error: unknown;
  onSubmit: (text: string) => void;
  onCancel?: () => void;
}) {
  const [text, setText] = useState(initial);
  const trimmed = text.trim();
  return (
    <Stack gap="xs">
      <Textarea
        aria-label={onCancel ? 'Edit note' : 'New note'}
        placeholder="Add a note for your team (recipients never see it)"
        rows={3}
        maxLength={NOTE_MAX_LENGTH}
        value={text}
        onChange={(event) => setText(event.currentTarget.value)}
        error={error ? noteError(error) : undefined}
      />
      <Group gap="xs" justify="flex-end">
        {onCancel && (
          <Button variant="default" size="xs" onClick={onCancel}>
            Cancel
          </Button>
        )}
        <Button
          size="xs"
          loading={isPending}
          disabled={trimmed === '' || trimmed === initial.trim()}
          onClick={() => onSubmit(trimmed)}
        >
          {submitLabel}
        </Button>
      </Group>
    </Stack>
  );
}

function NoteItem({ documentId, note }: { documentId: string; note: TDocumentNote }) {
  const queryClient = useQueryClient();
  const [isEditing, setEditing] = useState(false);
  const edit = useMutation({
    mutationFn: (text: string) => updateNote(documentId, note._id, text),
    onSuccess: () => {
      setEditing(false);
      void queryClient.invalidateQueries({ queryKey: DOCUMENT_LIST_KEYS.notes(documentId) });
    },
  });
  const author = note.author?.name ?? 'A former member';
  return (
    <Group align="flex-start" wrap="nowrap" gap="sm" data-testid="note">
      <Avatar radius="xl" size="sm" color="blue">
        {formatInitials(author) || '?'}
      </Avatar>
      <Stack gap={4} style={{ flex: 1, minWidth: 0 }}>
        <Group gap={6} justify="space-between" wrap="nowrap">
          <Text size="sm" fw={600} truncate="end">
            {note.is_mine ? 'You' : author}
          </Text>
          <Group gap={6} wrap="nowrap">
            <Text size="xs" c="dimmed">
              {formatDateTime(note.created_at)}
              {note.edited ? ' (edited)' : ''}
            </Text>
            {note.is_mine && !isEditing && (
              <Button
                variant="subtle"
                size="compact-xs"
                leftSection={<IconEdit size={12} />}
                onClick={() => setEditing(true)}
              >
                Edit
              </Button>
            )}
          </Group>
        </Group>
        {isEditing ? (
          <NoteEditor
            initial={note.note}
            submitLabel="Save"
            isPending={edit.isPending}
            error={edit.error}
            onSubmit={(text) => edit.mutate(text)}
            onCancel={() => {
              setEditing(false);
              edit.reset();
            }}
          />
        ) : (
          <Text size="sm" style={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>
            {note.note}
          </Text>
        )}
      </Stack>
    </Group>
  );
}

/**
 * The document's notes, newest first: remarks between staff, never shown to recipients. Anyone
 * who sees the document (with `documents:notes`) adds notes; only a note's author edits it.
 */
export function NotesPanel({ documentId }: { documentId: string }) {
  const queryClient = useQueryClient();
  const [limit, setLimit] = useState(PAGE);
  const [draftKey, setDraftKey] = useState(0);
  const notes = useQuery({
    queryKey: [...DOCUMENT_LIST_KEYS.notes(documentId), limit],
    queryFn: ({ signal }) => fetchNotes(documentId, { page: 1, limit }, signal),
  });
  const add = useMutation({
    mutationFn: (text: string) => addNote(documentId, text),
    onSuccess: () => {
      setDraftKey((k) => k + 1);
      void queryClient.invalidateQueries({ queryKey: DOCUMENT_LIST_KEYS.notes(documentId) });
    },
  });
  const rows = notes.data?.data ?? [];
  const total = notes.data?.total ?? 0;
  return (
    <Stack gap="md">
      <NoteEditor
        key={draftKey}
        initial=""
        submitLabel="Add note"
        isPending={add.isPending}
        error={add.error}
        onSubmit={(text) => add.mutate(text)}
      />
      {notes.isPending ? (
        <Loader size="sm" />
      ) : notes.isError ? (
        <ErrorAlert>{errorText(notes.error)}</ErrorAlert>
      ) : rows.length === 0 ? (
        <Group gap="xs" c="dimmed">
          <IconNotes size={16} />
          <Text size="sm" c="dimmed">
            No notes yet.
          </Text>
        </Group>
      ) : (
        <Stack gap="md" data-testid="notes-list">
          {rows.map((note) => (
            <NoteItem key={note._id} documentId={documentId} note={note} />
          ))}
          {total > rows.length && (
            <Button variant="subtle" size="xs" onClick={() => setLimit((l) => l + PAGE)}>
              Show older notes ({total - rows.length})
            </Button>
          )}
        </Stack>
      )}
    </Stack>
  );
}
