import { Alert, List } from '@mantine/core';
import { IconInfoCircle } from '@tabler/icons-react';
import { isApiError } from '../../api/api-error';
import { ErrorAlert, errorText } from '../page-kit';
import { describeRowProblem } from './spreadsheet-file';

/**
 * Why the server refused an uploaded file: each problem of a 422 in a list ('Row 2, Buyer Email:
 * …'), else the failure's message.
 */
export function UploadProblem({ error, title = 'Fix the file' }: { error: unknown; title?: string }) {
  if (!error) return null;
  const details =
    isApiError(error) && error.isValidation
      ? Object.entries(error.fieldErrors).map(([key, message]) => describeRowProblem(key, message))
      : [];
  if (details.length === 0) return <ErrorAlert>{errorText(error)}</ErrorAlert>;
  return (
    <Alert color="red" variant="light" icon={<IconInfoCircle size={18} />} title={title} role="alert">
      <List size="sm" spacing={2}>
        {details.map((message) => (
          <List.Item key={message}>{message}</List.Item>
        ))}
      </List>
    </Alert>
  );
}
