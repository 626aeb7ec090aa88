import { useState, type ReactNode } from 'react';
import { Anchor, Input, SegmentedControl, Stack, TextInput } from '@mantine/core';
import { IconBuilding, IconUser, IconUserPlus } from '@tabler/icons-react';
import { useMutation } from '@tanstack/react-query';
import { ZCompanySignupRequest, ZSignupRequest } from '@esigns/contracts/auth';
import { Link, useNavigate } from 'react-router';
import { EmailInput, NameFields } from '../../shared/ui/account-forms/account-fields';
import { NewPasswordFields } from '../../shared/ui/account-forms/new-password-fields';
import { AccountForm } from '../../shared/ui/account-forms/account-form';
import { LinkLine } from '../../shared/ui/account-forms/account-links';
import { signUp, signUpCompany } from './auth-api';
import { withEmail } from './auth-links';
import { useAuthForm } from './use-auth-form';

export type AccountKind = 'personal' | 'company';

const FIELDS = ['first_name', 'last_name', 'company_name', 'email', 'password'] as const;

function AccountKindLabel({ kind }: { kind: AccountKind }) {
  const Icon = kind === 'company' ? IconBuilding : IconUser;
  return (
    <Stack gap={2} align="center" py={2}>
      <Icon size={18} stroke={1.7} aria-hidden />
      <span>{kind === 'company' ? 'Company' : 'Personal'}</span>
    </Stack>
  );
}

export type SignupFormProps = {
  title: string;
  description: ReactNode;
  /** An email already checked (by /join-us): shown read-only, not typed again. */
  email?: string;
  /** With `email`: the page that picks another email. */
  changeEmailTo?: string;
  initialKind?: AccountKind;
};

/**
 * A personal account or a company account (adds the company name), by `POST /signup` or
 * `POST /companySignup`. Success leads to /verify for the emailed code; the answer is the same
 * whether or not the email exists. Used by /signup and /create-profile.
 */
export function SignupForm({
  title,
  description,
  email,
  changeEmailTo,
  initialKind = 'personal',
}: SignupFormProps) {
  const navigate = useNavigate();
  const [kind, setKind] = useState<AccountKind>(initialKind);
  const form = useAuthForm(
    { first_name: '', last_name: '', company_name: '', email: email ?? '', password: '' },
    FIELDS,
  );

  const signup = useMutation({
    mutationFn: (input: { kind: AccountKind; values: typeof form.values }) => {
      const { company_name, ...personal } = input.values;
      return input.kind === 'company' ? signUpCompany({ ...personal, company_name }) : signUp(personal);
    },
  });

  const submit = () => {
    const data = form.check(kind === 'company' ? ZCompanySignupRequest : ZSignupRequest);
    if (!data) return;
    signup.mutate(
      { kind, values: { ...form.values, ...data } },
      {
        onSuccess: (reply) => void navigate(withEmail('/verify', reply?.email || data.email)),
        onError: form.showError,
      },
    );
  };

  return (
    <AccountForm
      title={title}
      description={description}
      problem={form.critical}
      onSubmit={submit}
      submitLabel={kind === 'company' ? 'Create company account' : 'Create account'}
      isPending={signup.isPending}
      leftIcon={<IconUserPlus size={18} />}
      footer={
        <LinkLine question="Already have an account?" to="/signin">
          Sign in
        </LinkLine>
      }
    >
      <Input.Wrapper label="Account type" id="account-kind" labelElement="div">
        <SegmentedControl
          fullWidth
          mt={4}
          name="account_kind"
          aria-labelledby="account-kind-label"
          value={kind}
          onChange={(value) => {
            setKind(value as AccountKind);
            form.setErrors({});
          }}
          data={[
            { value: 'personal', label: <AccountKindLabel kind="personal" /> },
            { value: 'company', label: <AccountKindLabel kind="company" /> },
          ]}
        />
      </Input.Wrapper>
      {kind === 'company' && (
        <TextInput
          {...form.inputProps('company_name')}
          label="Company name"
          autoComplete="organization"
          placeholder="Acme Inc."
          required
        />
      )}
      <NameFields first={form.inputProps('first_name')} last={form.inputProps('last_name')} />
      <EmailInput
        {...form.inputProps('email')}
        label={kind === 'company' ? 'Work email' : 'Email'}
        readOnly={email !== undefined}
        description={
          email !== undefined && changeEmailTo ? (
            <Anchor component={Link} to={changeEmailTo} size="xs">
              Use another email
            </Anchor>
          ) : undefined
        }
      />
      <NewPasswordFields
        password={form.inputProps('password')}
        hintId="signup-password-hint"
        label="Password"
      />
    </AccountForm>
  );
}
