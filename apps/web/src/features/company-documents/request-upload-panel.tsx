import { useRef, useState } from 'react';
import { Button, Group, Progress, Stack, Text } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { IconCamera, IconUpload } from '@tabler/icons-react';
import { useMutation } from '@tanstack/react-query';
import { isApiError } from '../../shared/api/api-error';
import { FileDropZone } from '../../shared/ui/file-drop-zone';
import { PHONE_QUERY } from '../../shared/ui/list-screen';
import { ErrorAlert, errorText } from '../../shared/ui/page-kit';
import { acceptAttribute, acceptedHint, acceptsPhotos, checkRequestFile } from './accepted-files';
import { handInRequestFile, type RequestAccess, type TStepRequest } from './request-api';

type Props = {
  access: RequestAccess;
  request: TStepRequest;
  onSent: (request: TStepRequest) => void;
  /** A refusal that ends the page (the link no longer works, the request was closed). */
  onRefused: (error: unknown) => void;
};

/** A photo straight from the phone's camera (JPEG), when the request takes images. */
function PhotoButton({ onFile, disabled }: { onFile: (file: File) => void; disabled: boolean }) {
  const input = useRef<HTMLInputElement>(null);
  return (
    <>
      <Button
        variant="default"
        size="md"
        leftSection={<IconCamera size={18} />}
        disabled={disabled}
        onClick={() => input.current?.click()}
      >
        Take a photo
      </Button>
      <input
        ref={input}
        type="file"
        hidden
        accept="image/jpeg,image/png"
        capture="environment"
        aria-label="Take a photo of the document"
        onChange={(event) => {
          const file = event.currentTarget.files?.[0];
          event.currentTarget.value = '';
          if (file) onFile(file);
        }}
      />
    </>
  );
}

/**
 * Choose (or, on a phone, photograph) one file; it is checked in the browser, then handed in at
 * once with the upload's progress. A refused link or a closed request ends the page.
 */
export function RequestUploadPanel({ access, request, onSent, onRefused }: Props) {
  const isPhone = useMediaQuery(PHONE_QUERY) ?? false;
  const [problem, setProblem] = useState<string | null>(null);
  const [progress, setProgress] = useState(0);
  const upload = useMutation({
    mutationFn: (file: File) => handInRequestFile(access, file, setProgress),
    onSuccess: onSent,
    onError: (error) => {
      if (isApiError(error) && (error.status === 401 || error.status === 409)) onRefused(error);
    },
  });
  const take = (file: File) => {
    const why = checkRequestFile(file, request.accepted_types);
    setProblem(why);
    if (why) return;
    setProgress(0);
    upload.mutate(file);
  };
  if (upload.isPending) {
    const percent = Math.round(progress * 100);
    return (
      <Stack gap="xs" data-testid="request-uploading">
        <Text size="sm" fw={500} style={{ overflowWrap: 'anywhere' }}>
          {upload.variables.name}
        </Text>
        <Progress value={percent} animated aria-label="Upload progress" />
        <Text size="xs" c="dimmed">
          {percent < 100 ? `Uploading… ${percent}%` : 'Checking the file…'}
        </Text>
      </Stack>
    );
  }
  return (
    <Stack gap="sm">
      {problem && <ErrorAlert>{problem}</ErrorAlert>}
      {upload.isError && <ErrorAlert>{errorText(upload.error)}</ErrorAlert>}
      <FileDropZone
        onFiles={(files) => files[0] && take(files[0])}
        accept={acceptAttribute(request.accepted_types)}
        multiple={false}
        title={`Your ${request.card_type}`}
        hint={acceptedHint(request.accepted_types)}
        buttonLabel="Choose a file"
        inputLabel="Choose the file to upload"
        icon={<IconUpload size={26} />}
        isCompact={isPhone}
      />
      {isPhone && acceptsPhotos(request.accepted_types) && (
        <Group grow>
          <PhotoButton onFile={take} disabled={false} />
        </Group>
      )}
    </Stack>
  );
}
