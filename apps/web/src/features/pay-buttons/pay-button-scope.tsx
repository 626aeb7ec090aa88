import { createContext, useContext, type ReactNode } from 'react';
import type { PayTarget } from './pay-buttons-api';

/**
 * Where the pay buttons rendered inside pay: a record's template (record pages) or a form
 * submission's step (the fill screens). `target` null: not saved yet (the button waits).
 * `guestHeaders`: a form's guest pays with `/orderPlace` and the session's headers.
 */
export type PayButtonScopeValue = {
  target: PayTarget | null;
  guestHeaders?: Record<string, string> | undefined;
  /** A contact of the contact area or staff: `/payment`. */
  readOnly?: boolean;
};

const PayButtonContext = createContext<PayButtonScopeValue | null>(null);

export function PayButtonScope({ children, ...value }: PayButtonScopeValue & { children: ReactNode }) {
  return <PayButtonContext.Provider value={value}>{children}</PayButtonContext.Provider>;
}

/** The scope of the pay buttons here (null: a preview, e.g. the template builder). */
export function usePayButtonScope(): PayButtonScopeValue | null {
  return useContext(PayButtonContext);
}
