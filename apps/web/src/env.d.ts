/// <reference types="vite/client" />

interface ImportMetaEnv {
  /** 'on' enforces the sign-in redirects of the route guards; anything else is preview mode. */
  readonly VITE_AUTH_GUARDS?: string;
  /** Base address of the external accounts service (single sign-on logout). */
  readonly VITE_ACCOUNTS_URL?: string;
}

interface ImportMeta {
  readonly env: ImportMetaEnv;
}
