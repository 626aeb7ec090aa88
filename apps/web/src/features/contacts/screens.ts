import type { ComponentType } from 'react';

type LazyComponent = () => Promise<{ Component: ComponentType }>;

/** The contact screens by route pattern (routes.ts), for the router's SCREENS map. */
export const CONTACT_SCREENS: Record<string, LazyComponent> = {
  '/contacts': () => import('./contacts-screen').then((m) => ({ Component: m.ContactsScreen })),
  '/contacts/add': () => import('./contact-form-screen').then((m) => ({ Component: m.AddContactScreen })),
  '/contacts/edit/{contact_id}': () =>
    import('./contact-form-screen').then((m) => ({ Component: m.EditContactScreen })),
  '/contacts/documents/{contact_id}': () =>
    import('./contact-documents-screen').then((m) => ({ Component: m.ContactDocumentsScreen })),
  '/contact-types': () => import('./contact-types-screen').then((m) => ({ Component: m.ContactTypesScreen })),
};
