import { useState } from 'react';
import { PasswordInput, Text } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { IconCertificate } from '@tabler/icons-react';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { MAX_SEAL_P12_BYTES } from '@esigns/contracts/seal-certificates';
import { ApiError } from '../../shared/api/api-error';
import { FileDropZone } from '../../shared/ui/file-drop-zone';
import { FormDialog } from '../../shared/ui/form-dialog';
import { ErrorAlert } from '../../shared/ui/page-kit';
import { fileToBase64, SEAL_CERTIFICATE_KEY, uploadSealCertificate } from './seal-certificate-api';

/**
 * Upload of a PKCS#12 bundle (.p12 / .pfx) with its passphrase. The server checks it and answers
 * the reason on `file` or `passphrase` (wrong passphrase, not a bundle, no key, expired, key usage).
 */
export function SealCertificateDialog({ onClose }: { onClose: () => void }) {
  const queryClient = useQueryClient();
  const [file, setFile] = useState<File | null>(null);
  const [passphrase, setPassphrase] = useState('');
  const [localError, setLocalError] = useState<string | null>(null);
  const upload = useMutation({
    mutationFn: async () => {
      if (!file) throw new Error('Choose the PKCS#12 file (.p12 / .pfx)');
      return uploadSealCertificate({ file: await fileToBase64(file), passphrase });
    },
    onSuccess: (saved) => {
      queryClient.setQueryData(SEAL_CERTIFICATE_KEY, saved);
      notifications.show({
        color: 'teal',
        title: 'Sealing certificate saved',
        message: `Documents completed from now on are sealed as ${saved.certificate?.common_name ?? 'your company'}.`,
      });
      onClose();
    },
  });
  const fieldErrors = upload.error instanceof ApiError ? upload.error.fieldErrors : {};
  const otherError =
    upload.error && !(upload.error instanceof ApiError && upload.error.isValidation) ? upload.error : null;

  const choose = (files: File[]) => {
    const chosen = files[0] ?? null;
    upload.reset();
    if (chosen && chosen.size > MAX_SEAL_P12_BYTES) {
      setLocalError('The file is larger than 64 KB: a PKCS#12 bundle is a few KB');
      setFile(null);
      return;
    }
    setLocalError(null);
    setFile(chosen);
  };

  return (
    <FormDialog
      onClose={onClose}
      title="Upload a sealing certificate"
      confirmLabel="Check and save"
      isPending={upload.isPending}
      isConfirmDisabled={!file}
      error={otherError}
      form={{ id: 'seal-certificate-form', label: 'Sealing certificate', onSubmit: () => upload.mutate() }}
      intro={
        <Text size="sm" c="dimmed">
          A PKCS#12 bundle (.p12 or .pfx) with your certificate, its private key (RSA or ECDSA) and its chain.
          The passphrase is used once to open it and is not stored.
        </Text>
      }
    >
      <FileDropZone
        onFiles={choose}
        accept=".p12,.pfx,application/x-pkcs12"
        multiple={false}
        isCompact
        title={file ? file.name : 'Drop the .p12 / .pfx file here'}
        hint="At most 64 KB"
        buttonLabel={file ? 'Choose another file' : 'Choose file'}
        inputLabel="PKCS#12 file"
        icon={<IconCertificate size={26} />}
      />
      {(localError ?? fieldErrors.file) && <ErrorAlert>{localError ?? fieldErrors.file}</ErrorAlert>}
      <PasswordInput
        label="Passphrase"
        description="Leave empty if the bundle has none."
        value={passphrase}
        onChange={(event) => {
          setPassphrase(event.currentTarget.value);
          if (fieldErrors.passphrase) upload.reset();
        }}
        error={fieldErrors.passphrase}
        autoComplete="off"
      />
      <Text size="xs" c="dimmed">
        It replaces any certificate uploaded before; documents already sealed keep their seal.
      </Text>
    </FormDialog>
  );
}
