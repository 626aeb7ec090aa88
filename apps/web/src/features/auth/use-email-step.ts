import { useMutation } from '@tanstack/react-query';
import type { z } from 'zod';
import { useSearchParams } from 'react-router';
import { useAuthForm } from './use-auth-form';

/**
 * The state of an "enter your email" step: the email (from `?email=` at first), checked with
 * `schema`, then sent with `call`; a refusal shows under the input or above it. `formProps` go to
 * EmailStepForm as they are.
 */
export function useEmailStep<R>(
  schema: z.ZodType<{ email: string }>,
  call: (email: string) => Promise<R>,
  onDone: (reply: R, email: string) => void,
) {
  const [params] = useSearchParams();
  const form = useAuthForm({ email: params.get('email') ?? '' }, ['email']);
  const send = useMutation({ mutationFn: call });

  const onSubmit = () => {
    const data = form.check(schema);
    if (!data) return;
    send.mutate(data.email, { onSuccess: (reply) => onDone(reply, data.email), onError: form.showError });
  };

  return {
    email: form.values.email,
    formProps: {
      problem: form.critical,
      email: form.inputProps('email'),
      onSubmit,
      isPending: send.isPending,
    },
  };
}
