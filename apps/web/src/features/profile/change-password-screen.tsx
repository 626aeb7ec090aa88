import { notifications } from '@mantine/notifications';
import { IconCheck } from '@tabler/icons-react';
import { useMutation } from '@tanstack/react-query';
import { ZPasswordUpdateRequest } from '@esigns/contracts/auth';
import { CurrentPasswordInput, confirmationError } from '../../shared/ui/account-forms/account-fields';
import { NewPasswordFields } from '../../shared/ui/account-forms/new-password-fields';
import { AccountForm } from '../../shared/ui/account-forms/account-form';
import { useAuthForm } from '../auth/use-auth-form';
import { ProfileArea } from './profile-area';
import { updatePassword } from './profile-api';

const FIELDS = ['current_password', 'new_password', 'confirm_password'] as const;
const EMPTY = { current_password: '', new_password: '', confirm_password: '' };

/** /profile/change-password: the current password, a new one (with the sign-up rules) twice. */
export function ChangePasswordScreen() {
  const form = useAuthForm(EMPTY, FIELDS);
  const change = useMutation({ mutationFn: updatePassword });

  const submit = () => {
    const data = form.check(ZPasswordUpdateRequest);
    const confirmation = confirmationError(form.values.new_password, form.values.confirm_password);
    if (confirmation) form.setErrors((errors) => ({ ...errors, confirm_password: confirmation }));
    if (!data || confirmation) return;
    if (data.new_password === data.current_password) {
      form.setErrors({ new_password: 'Choose a password different from the current one' });
      return;
    }
    change.mutate(data, {
      onSuccess: () => {
        for (const field of FIELDS) form.setValue(field, '');
        notifications.show({
          color: 'teal',
          icon: <IconCheck size={18} />,
          title: 'Password changed',
          message: 'You stay signed in here; your other sessions were signed out.',
        });
      },
      onError: form.showError,
    });
  };

  return (
    <ProfileArea
      title="Change password"
      description="After the change, every other device you are signed in on is signed out."
    >
      <AccountForm
        label="Change password"
        problem={form.critical}
        onSubmit={submit}
        submitLabel="Change password"
        maw={480}
        isSubmitAtEnd
        isPending={change.isPending}
      >
        <CurrentPasswordInput {...form.inputProps('current_password')} />
        <NewPasswordFields
          password={form.inputProps('new_password')}
          hintId="new-password-hint"
          confirmation={form.inputProps('confirm_password')}
        />
      </AccountForm>
    </ProfileArea>
  );
}
