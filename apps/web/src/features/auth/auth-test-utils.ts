import { fireEvent, screen } from '@testing-library/react';

/** Fills the sign-in form with `email` and `password` once it shows, and presses Sign in. */
export async function submitSignIn(email: string, password = 'secret-pass-1'): Promise<void> {
  fireEvent.change(await screen.findByLabelText(/^Email/), { target: { value: email } });
  fireEvent.change(screen.getByLabelText(/^Password/), { target: { value: password } });
  fireEvent.click(screen.getByRole('button', { name: 'Sign in' }));
}
