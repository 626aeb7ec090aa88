import { useMutation } from '@tanstack/react-query';
import { downloadDocument, saveBlob, type SignerAccess } from './signing-api';

/** Downloads the document (the sealed PDF once completed) with the recipient's access. */
export function useSignerDownload(access: SignerAccess) {
  return useMutation({
    mutationFn: () => downloadDocument(access),
    onSuccess: ({ blob, fileName }) => saveBlob(blob, fileName),
  });
}
