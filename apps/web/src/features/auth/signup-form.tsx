import { useState, type FormEvent, type ReactNode } from 'react';
import {
  Alert,
  Anchor,
  Button,
  Input,
  PasswordInput,
  SegmentedControl,
  SimpleGrid,
  Stack,
  Text,
  TextInput,
} from '@mantine/core';
import { IconAlertCircle, IconBuilding, IconUser, IconUserPlus } from '@tabler/icons-react';
import { useMutation } from '@tanstack/react-query';
import { ZCompanySignupRequest, ZSignupRequest } from '@esigns/contracts/auth';
import { Link, useNavigate } from 'react-router';
import { signUp, signUpCompany } from './auth-api';
import { withEmail } from './auth-links';
import { AuthScreenHeader } from './auth-screen-header';
import { PasswordStrengthHint } from './password-strength-hint';
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

  const submit = (event: FormEvent) => {
    event.preventDefault();
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
    <form onSubmit={submit} noValidate aria-labelledby="signup-title">
      <AuthScreenHeader titleId="signup-title" title={title} description={description} />
      <Stack gap="md">
        {form.critical && (
          <Alert color="red" variant="light" icon={<IconAlertCircle size={18} />} role="alert">
            {form.critical}
          </Alert>
        )}
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
        <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="md" verticalSpacing="md">
          <TextInput
            {...form.inputProps('first_name')}
            label="First name"
            autoComplete="given-name"
            required
          />
          <TextInput
            {...form.inputProps('last_name')}
            label="Last name"
            autoComplete="family-name"
            required
          />
        </SimpleGrid>
        <TextInput
          {...form.inputProps('email')}
          label={kind === 'company' ? 'Work email' : 'Email'}
          type="email"
          autoComplete="email"
          inputMode="email"
          placeholder="you@example.com"
          required
          readOnly={email !== undefined}
          description={
            email !== undefined && changeEmailTo ? (
              <Anchor component={Link} to={changeEmailTo} size="xs">
                Use another email
              </Anchor>
            ) : undefined
          }
        />
        <Stack gap={8}>
          <PasswordInput
            {...form.inputProps('password')}
            aria-invalid={Boolean(form.errors.password)}
            label="Password"
            autoComplete="new-password"
            aria-describedby="signup-password-hint"
            required
          />
          <PasswordStrengthHint password={form.values.password} id="signup-password-hint" />
        </Stack>
        <Button
          type="submit"
          fullWidth
          size="md"
          loading={signup.isPending}
          leftSection={<IconUserPlus size={18} />}
        >
          {kind === 'company' ? 'Create company account' : 'Create account'}
        </Button>
        <Text size="sm" ta="center" c="dimmed">
          Already have an account?{' '}
          <Anchor component={Link} to="/signin" fw={600}>
            Sign in
          </Anchor>
        </Text>
      </Stack>
    </form>
  );
}
