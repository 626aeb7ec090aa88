import { Navigate, useParams } from 'react-router';
import { useRecord } from './entities-api';
import { queryGate } from './query-gate';

const segment = encodeURIComponent;

/**
 * `/entity/{user_id}/{template_code}`: a record, by its id alone, opened at one of its templates
 * (spec 1 and 3 route lists; links to a person's record name the record, not its entity). Reads the
 * record to learn its entity, then shows the record's page for that template
 * (`/entity_data_view/{entity_id}/{template_code}?dataId=`), replacing this address in history.
 */
export function RecordByTemplateCodeScreen() {
  const { user_id: recordId = '', template_code: templateCode = '' } = useParams();
  const record = useRecord(recordId || null);
  const gate = queryGate(record, 'The record could not be loaded', 320);
  if (gate || !record.data) return gate;
  return (
    <Navigate
      replace
      to={`/entity_data_view/${segment(record.data.entity_id)}/${segment(templateCode)}?dataId=${segment(recordId)}`}
    />
  );
}
