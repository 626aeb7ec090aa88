import { Select } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { DOCUMENT_LIST_FILTERS } from '@esigns/contracts/documents';
import { IFRAME_LINK_KINDS, type TIframeLinkKind } from '@esigns/contracts/iframe-links';
import { fetchEntityViews } from '../entity-views/entity-views-api';
import { fetchFormBuilders } from '../form-builders/form-builders-api';
import { KIND_LABELS } from './iframe-links-api';

/** The choices of a link's expiry, in days from now. */
export const EXPIRY_CHOICES = [
  { value: '1', label: '1 day' },
  { value: '7', label: '7 days' },
  { value: '30', label: '30 days' },
  { value: '90', label: '90 days' },
  { value: '180', label: '6 months' },
  { value: '365', label: '1 year' },
];

export const expiresIn = (days: string, now = Date.now()): string =>
  new Date(now + Number(days) * 86_400_000).toISOString();

const LIST_LABELS: Record<(typeof DOCUMENT_LIST_FILTERS)[number], string> = {
  'all-documents': 'All documents',
  draft: 'Drafts',
  'waiting-for-me': 'Waiting for me',
  'waiting-for-others': 'Waiting for others',
  completed: 'Completed',
  declined: 'Declined',
  rejected: 'Rejected',
  voided: 'Voided',
  expired: 'Expired',
  archived: 'Archived',
};

export function KindSelect({
  value,
  onChange,
}: {
  value: TIframeLinkKind;
  onChange: (kind: TIframeLinkKind) => void;
}) {
  return (
    <Select
      label="Shows"
      data={IFRAME_LINK_KINDS.map((kind) => ({ value: kind, label: KIND_LABELS[kind] }))}
      value={value}
      onChange={(next) => next && onChange(next as TIframeLinkKind)}
      allowDeselect={false}
      required
    />
  );
}

/**
 * What the link shows: a form anyone may fill (active), an entity view, or one of the caller's
 * documents lists. Forms and views are the company's first 100 by name.
 */
export function TargetSelect({
  kind,
  value,
  onChange,
  error,
}: {
  kind: TIframeLinkKind;
  value: string | null;
  onChange: (id: string | null) => void;
  error?: string | undefined;
}) {
  const forms = useQuery({
    queryKey: ['iframe-links', 'forms'],
    queryFn: ({ signal }) =>
      fetchFormBuilders({ page: 1, limit: 100, status: 'ACTIVE', owner_type: 'ANYONE' }, signal),
    enabled: kind === 'FORM',
  });
  const views = useQuery({
    queryKey: ['iframe-links', 'views'],
    queryFn: ({ signal }) => fetchEntityViews({ page: 1, limit: 100 }, signal),
    enabled: kind === 'ENTITY_VIEW',
  });
  const source = kind === 'FORM' ? forms : kind === 'ENTITY_VIEW' ? views : null;
  const data =
    kind === 'DOCUMENT_LIST'
      ? DOCUMENT_LIST_FILTERS.map((f) => ({ value: f, label: LIST_LABELS[f] }))
      : (source?.data?.data ?? []).map((row) => ({ value: row._id, label: row.name }));
  const label = kind === 'FORM' ? 'Form' : kind === 'ENTITY_VIEW' ? 'Entity view' : 'Documents list';
  const loadError = source?.isError ? 'Could not load the choices' : undefined;
  return (
    <Select
      label={label}
      placeholder={source?.isPending ? 'Loading…' : `Choose a ${label.toLowerCase()}`}
      description={kind === 'FORM' ? 'Active forms anyone may fill' : undefined}
      data={data}
      value={value}
      onChange={onChange}
      searchable
      nothingFoundMessage="Nothing found"
      error={error ?? loadError}
      required
    />
  );
}
