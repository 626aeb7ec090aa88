/// <reference types="vite/client" />

interface ImportMetaEnv {
  /** Base address of the external accounts service (single sign-on logout). */
  readonly VITE_ACCOUNTS_URL?: string;
}

interface ImportMeta {
  readonly env: ImportMetaEnv;
}
