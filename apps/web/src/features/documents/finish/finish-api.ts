import { useQuery } from '@tanstack/react-query';
import { DOCUMENT_LIST_KEYS, fetchDocument } from '../../document-lists/document-lists-api';

/** A sent (employee) document for the finish, success and draft screens: `GET /documents/{id}`. */
export function useSentDocument(id: string) {
  return useQuery({
    queryKey: DOCUMENT_LIST_KEYS.one(id),
    queryFn: ({ signal }) => fetchDocument(id, signal),
    retry: false,
  });
}
