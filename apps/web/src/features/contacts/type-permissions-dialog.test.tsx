import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { TApplicationUserPermission } from '@esigns/contracts/application-users';
import { fail, installFakeApi, invalid, ok, type FakeCall } from '../../shared/testing/fake-api';
import { staffSessionPerTest } from '../../shared/testing/test-session';
import { makeEntity } from '../entities/entities-test-utils';
import { makeFormTemplate } from '../form-templates/form-templates-test-utils';
import { paged, withPermissions } from '../team/team-test-utils';
import { ContactTypesScreen } from './contact-types-screen';
import { TYPE_ID, makeContactType, renderRoute } from './contacts-test-utils';

staffSessionPerTest();

const PROPERTIES = 'd1000000-0000-4000-8000-000000000001';
const INVOICES = 'd1000000-0000-4000-8000-000000000002';
const template = makeFormTemplate();
const entities = [makeEntity(PROPERTIES, 'Properties', template), makeEntity(INVOICES, 'Invoices', template)];
const RULES_PATH = '/api/application-user/permissions';
const SAVE_PATH = `/api/application-user/permissions/${TYPE_ID}`;

const rule = (entityId: string, name: string, extra: object = {}): TApplicationUserPermission => ({
  _id: `rule-${entityId}`,
  contact_type_id: TYPE_ID,
  contact_type_name: 'Buyer',
  entity_id: entityId,
  entity_name: name,
  read: true,
  create: false,
  update: false,
  delete: false,
  scope: 'OWN',
  updated_at: '2026-03-01T10:00:00.000Z',
  ...extra,
});

function handler(
  userType: 'ADMIN' | 'MEMBER',
  answer: (call: FakeCall) => Response | undefined = () => undefined,
) {
  return withPermissions(userType, (call) => {
    if (call.path === '/api/contact-types') return ok([makeContactType()]);
    if (call.path === RULES_PATH) return ok([rule(PROPERTIES, 'Properties')]);
    return answer(call) ?? (call.path === '/api/entities' ? ok(paged(entities, 1, 20)) : undefined);
  });
}

async function openEditor() {
  renderRoute(<ContactTypesScreen />, '/contact-types', '/contact-types');
  const slow = { timeout: 10_000 }; // the first render loads the screen's modules
  fireEvent.click(await screen.findByRole('button', { name: 'Entity permissions of Buyer' }, slow));
  const dialog = await screen.findByRole('dialog', { name: 'Entity permissions: Buyer' }, slow);
  await within(dialog).findByLabelText('Read Invoices', undefined, slow);
  return dialog;
}

const box = (dialog: HTMLElement, label: string) => within(dialog).getByLabelText(label) as HTMLInputElement;

describe('Entity permissions of a contact type', { timeout: 60_000 }, () => {
  it('asks before closing with changes not saved: keep editing, or discard them', async () => {
    installFakeApi(handler('ADMIN'));
    const dialog = await openEditor();
    fireEvent.click(box(dialog, 'Read Invoices'));
    fireEvent.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    const prompt = await within(dialog).findByRole('alertdialog', { name: 'Unsaved changes' });
    expect(prompt.textContent).toContain('1 change is not saved');
    fireEvent.click(within(prompt).getByRole('button', { name: 'Keep editing' }));
    expect(within(dialog).queryByRole('alertdialog')).toBeNull();
    expect(box(dialog, 'Read Invoices').checked).toBe(true);

    fireEvent.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    fireEvent.click(await within(dialog).findByRole('button', { name: 'Discard changes' }));
    await waitFor(() =>
      expect(screen.queryByRole('dialog', { name: 'Entity permissions: Buyer' })).toBeNull(),
    );
  });

  it('shows the saved rules, refuses Edit without Read, then saves only what changed', async () => {
    const api = installFakeApi(
      handler('ADMIN', (call) =>
        call.path === SAVE_PATH
          ? ok([rule(PROPERTIES, 'Properties'), rule(INVOICES, 'Invoices', { update: true, scope: 'ALL' })])
          : undefined,
      ),
    );
    const dialog = await openEditor();
    expect(within(dialog).getByText(/Own records/, { selector: 'b' })).toBeTruthy();
    expect(box(dialog, 'Read Properties').checked).toBe(true);
    expect(box(dialog, 'Edit Properties').checked).toBe(false);
    expect(box(dialog, 'Read Invoices').checked).toBe(false);

    fireEvent.click(box(dialog, 'Edit Invoices'));
    fireEvent.click(within(dialog).getByRole('button', { name: 'Save 1 change' }));
    expect(await within(dialog).findByText(/Edit and Delete need Read/)).toBeTruthy();
    expect(api.callsTo(SAVE_PATH)).toHaveLength(0);

    fireEvent.click(box(dialog, 'Read Invoices'));
    expect(within(dialog).queryByText(/Edit and Delete need Read/)).toBeNull();
    const invoicesRow = within(dialog).getAllByTestId('type-permission-row')[1]!;
    fireEvent.click(within(invoicesRow).getByText('All records'));
    fireEvent.click(within(dialog).getByRole('button', { name: 'Save 1 change' }));
    await waitFor(() => expect(api.callsTo(SAVE_PATH, 'POST')).toHaveLength(1));
    expect(api.callsTo(SAVE_PATH, 'POST')[0]?.body).toEqual({
      permissions: [
        { entity_id: INVOICES, read: true, create: false, update: true, delete: false, scope: 'ALL' },
      ],
    });
    await waitFor(() =>
      expect(screen.queryByRole('dialog', { name: 'Entity permissions: Buyer' })).toBeNull(),
    );
  });

  it("shows the server's 422 on the entity it names", async () => {
    installFakeApi(
      handler('ADMIN', (call) =>
        call.path === SAVE_PATH
          ? invalid({ 'permissions.0.entity_id': 'Not an entity of this company' })
          : undefined,
      ),
    );
    const dialog = await openEditor();
    expect(within(dialog).getByRole('button', { name: 'Save' })).toHaveProperty('disabled', true);
    fireEvent.click(box(dialog, 'Read Properties'));
    fireEvent.click(within(dialog).getByRole('button', { name: 'Save 1 change' }));
    const row = within(dialog).getAllByTestId('type-permission-row')[0]!;
    expect(await within(row).findByText('Not an entity of this company')).toBeTruthy();
    expect(within(row).getByText('Not shown')).toBeTruthy();
  });

  it('says when the company has no entities, and shows a failed load with a retry', async () => {
    let entityLoads = 0;
    installFakeApi(
      handler('ADMIN', (call) => {
        if (call.path !== '/api/entities') return undefined;
        entityLoads += 1;
        return entityLoads === 1 ? fail(500, 'Database unavailable') : ok(paged([], 1, 20));
      }),
    );
    renderRoute(<ContactTypesScreen />, '/contact-types', '/contact-types');
    const slow = { timeout: 10_000 };
    fireEvent.click(await screen.findByRole('button', { name: 'Entity permissions of Buyer' }, slow));
    const dialog = await screen.findByRole('dialog', { name: 'Entity permissions: Buyer' }, slow);
    expect(await within(dialog).findByText('Could not load the entities', undefined, slow)).toBeTruthy();
    expect(within(dialog).getByText('Database unavailable')).toBeTruthy();
    fireEvent.click(within(dialog).getByRole('button', { name: 'Try again' }));
    expect(await within(dialog).findByText('No entities yet')).toBeTruthy();
  });

  it('is read-only without the right to change contact types', async () => {
    const api = installFakeApi(handler('MEMBER'));
    const dialog = await openEditor();
    expect(box(dialog, 'Read Properties').disabled).toBe(true);
    expect(box(dialog, 'Create Invoices').disabled).toBe(true);
    expect(within(dialog).queryByRole('button', { name: /^Save/ })).toBeNull();
    const closes = within(dialog).getAllByRole('button', { name: 'Close' });
    fireEvent.click(closes[closes.length - 1]!);
    expect(api.callsTo(SAVE_PATH)).toHaveLength(0);
  });
});
