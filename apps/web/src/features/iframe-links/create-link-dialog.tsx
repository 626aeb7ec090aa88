import { useState } from 'react';
import { Select, TextInput } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { TIframeLink, TIframeLinkKind } from '@esigns/contracts/iframe-links';
import { FormDialog } from '../../shared/ui/form-dialog';
import { IFRAME_KEYS, createLink } from './iframe-links-api';
import { EXPIRY_CHOICES, KindSelect, TargetSelect, expiresIn } from './link-fields';

/** "New iframe link": a name, what it shows, and how long it works. */
export function CreateLinkDialog({
  onClose,
  onCreated,
}: {
  onClose: () => void;
  onCreated: (link: TIframeLink) => void;
}) {
  const queryClient = useQueryClient();
  const [name, setName] = useState('');
  const [kind, setKind] = useState<TIframeLinkKind>('FORM');
  const [target, setTarget] = useState<string | null>(null);
  const [days, setDays] = useState('30');
  const [tried, setTried] = useState(false);
  const create = useMutation({
    mutationFn: () =>
      createLink({ name: name.trim(), kind, target_id: target ?? '', expires_at: expiresIn(days) }),
    onSuccess: (answer) => {
      if (answer.data === false) return;
      notifications.show({ color: 'teal', message: `Iframe link "${answer.data.name}" created` });
      void queryClient.invalidateQueries({ queryKey: IFRAME_KEYS.all });
      onCreated(answer.data);
    },
  });
  const failure = create.data?.data === false ? create.data.error : null;
  const submit = () => {
    setTried(true);
    if (name.trim() && target) create.mutate();
  };
  return (
    <FormDialog
      title="New iframe link"
      onClose={onClose}
      confirmLabel="Create link"
      form={{ id: 'create-iframe-link', label: 'New iframe link', onSubmit: submit }}
      isPending={create.isPending}
      error={failure ? new Error(failure) : create.error}
    >
      <TextInput
        label="Name"
        value={name}
        onChange={(e) => setName(e.currentTarget.value)}
        maxLength={120}
        error={tried && !name.trim() ? 'Give a name' : undefined}
        required
        data-autofocus
      />
      <KindSelect
        value={kind}
        onChange={(next) => {
          setKind(next);
          setTarget(null);
        }}
      />
      <TargetSelect
        kind={kind}
        value={target}
        onChange={setTarget}
        error={tried && !target ? 'Choose what the link shows' : undefined}
      />
      <Select
        label="Expires in"
        data={EXPIRY_CHOICES}
        value={days}
        onChange={(v) => v && setDays(v)}
        allowDeselect={false}
      />
    </FormDialog>
  );
}
