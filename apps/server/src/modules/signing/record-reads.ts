import { getTableColumns } from 'drizzle-orm';
import type { TESignRecord } from '@esigns/contracts/signing';
import { rowsOfText, type Db } from '../../platform/db/database';
import { userNamesTupleText } from '../auth';
import { companyNameText } from '../company';
import { finishedRecipientIdsText } from '../documents';
import { companyDateSettingsText, dateStyleOfSaved } from '../settings';
import type { StoredValue } from './field-values';
import { signerStates } from './schema';
import type { SignerContext } from './signer-access';
import { emptyState, type SignerStateRow } from './signer-state';

/** The values given on the document and the recipients who finished: what a recipient's fields show. */
export type FieldInputs = { values: Map<string, StoredValue>; finished: Set<string> };

/** What the e-sign record reads beyond the link check's rows. */
export type RecordInputs = {
  state: SignerStateRow;
  sender: { name: string; email: string; companyName: string };
  dates: TESignRecord['company_dates'];
  /** Read only when asked for (`withFields`). */
  fields: FieldInputs | null;
};

const snake = (key: string): string => key.replace(/[A-Z]/g, (c) => `_${c.toLowerCase()}`);

/** Every column of `signer_states`, named as the Drizzle row (`SignerStateRow`) names them. */
const STATE_COLUMNS = Object.keys(getTableColumns(signerStates))
  .map((key) => `s.${snake(key)} as "${key}"`)
  .join(', ');

/** The document's field values (`[key, value, recipient id]`) and its finished recipients' ids. */
const fieldColumns = (documentIdExpr: string): string =>
  `(select coalesce(json_agg(json_build_array(v.field_key, v.value, v.document_user_id)), '[]'::json)
      from document_field_values v where v.employee_document_id = ${documentIdExpr}) as field_values,
    ${finishedRecipientIdsText(documentIdExpr)} as finished`;

/**
 * One statement for everything the record shows besides the document and recipient rows: the
 * recipient's state, the sender's names and company (auth's and company's texts), the company's
 * date style (settings') and, when asked, the fields' values. Each of these was a round trip of
 * its own (nine statements in five rounds), and under load every round trip waits its turn for a
 * pooled connection. `$1` recipient, `$2` sender, `$3` company, `$4` document.
 */
const recordReadsText = (withFields: boolean): string =>
  `select ${STATE_COLUMNS},
    ${userNamesTupleText('$2::uuid')} as sender,
    ${companyNameText('$3::uuid')} as company_name,
    ${companyDateSettingsText('$3::uuid')} as date_settings
    ${withFields ? `, ${fieldColumns('$4::uuid')}` : ''}
  from (select 1) one left join signer_states s on s.document_user_id = $1::uuid`;
const RECORD_READS = recordReadsText(false);
const RECORD_READS_WITH_FIELDS = recordReadsText(true);
const FIELD_READS = `select ${fieldColumns('$1::uuid')}`;

type FieldColumns = { field_values: [string, string, string][] | null; finished: string[] | null };
type RecordRow = Partial<SignerStateRow> &
  FieldColumns & {
    sender: [string | null, string | null, string | null] | null;
    company_name: string | null;
    date_settings: Record<string, unknown> | null;
  };

export async function readRecordInputs(
  db: Pick<Db, 'execute'>,
  signer: Pick<SignerContext, 'document' | 'recipient'>,
  options: { withFields: boolean },
): Promise<RecordInputs> {
  const { document, recipient } = signer;
  const [row] = await rowsOfText<RecordRow>(
    db,
    options.withFields ? RECORD_READS_WITH_FIELDS : RECORD_READS,
    options.withFields
      ? [recipient.id, document.senderId, document.companyId, document.id]
      : [recipient.id, document.senderId, document.companyId],
  );
  if (!row) throw new Error('readRecordInputs: no row');
  const { sender, company_name, date_settings, field_values, finished, ...stateColumns } = row;
  const [firstName, lastName, email] = sender ?? ['', '', ''];
  const name = `${firstName ?? ''} ${lastName ?? ''}`.trim();
  const style = dateStyleOfSaved(date_settings);
  return {
    state: stateColumns.documentUserId ? (stateColumns as SignerStateRow) : emptyState(recipient),
    sender: { name: name || (email ?? ''), email: email ?? '', companyName: company_name ?? '' },
    dates: { format: style.format, time_zone: typeof style.zone === 'string' ? style.zone : 'UTC' },
    fields: options.withFields ? fieldInputsOf({ field_values, finished }) : null,
  };
}

/** The fields' inputs alone (a record whose gates were checked first). */
export async function readFieldInputs(db: Pick<Db, 'execute'>, documentId: string): Promise<FieldInputs> {
  const [row] = await rowsOfText<FieldColumns>(db, FIELD_READS, [documentId]);
  return fieldInputsOf(row ?? { field_values: null, finished: null });
}

function fieldInputsOf(row: FieldColumns): FieldInputs {
  return {
    values: new Map(
      (row.field_values ?? []).map(([key, value, documentUserId]) => [key, { value, documentUserId }]),
    ),
    finished: new Set(row.finished ?? []),
  };
}
