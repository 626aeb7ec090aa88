import { lazy, Suspense } from 'react';
import { Center, Loader } from '@mantine/core';
import type { TApplicationUserSession } from '@esigns/contracts/application-users';

const SecondFactorForm = lazy(() =>
  import('../auth/second-factor-form').then((m) => ({ default: m.SecondFactorForm })),
);

/**
 * The staff second-factor step: after a contact sign-in, `POST /mf2a/verifyOTP` answers the
 * contact's session (the challenge carries it), which this hands on as such.
 */
export function ContactSecondFactor(props: {
  userId: string;
  method: 'TOTP' | 'EMAIL';
  onVerified: (reply: TApplicationUserSession) => void;
  onBack: () => void;
}) {
  return (
    <Suspense
      fallback={
        <Center py="xl">
          <Loader size="sm" />
        </Center>
      }
    >
      <SecondFactorForm
        userId={props.userId}
        method={props.method}
        onVerified={(reply) => props.onVerified(reply as unknown as TApplicationUserSession)}
        onBack={props.onBack}
      />
    </Suspense>
  );
}
