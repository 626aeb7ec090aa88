import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import type { TContactEntityAccess } from '@esigns/contracts/application-users';
import { renderApp } from '../../test/render-app';
import { fail, installFakeApi, ok, type FakeHandler } from '../../shared/testing/fake-api';
import { installLayout, restoreLayout } from '../../shared/testing/layout-stubs';
import { contactSessionPerTest } from '../../shared/testing/test-session';
import { makeFormTemplate } from '../form-templates/form-templates-test-utils';
import { makeEntity, makeRecord } from '../entities/entities-test-utils';
import { makeAccess } from './contact-area-test-utils';

const ENTITY_ID = '3c1b2c3d-0000-4000-8000-0000000000e1';
const template = makeFormTemplate({
  name: 'Repair',
  fields: [{ key: 'title', label: 'Title', type: 'SINGLE_LINE_TEXT', required: true }],
});
const entity = makeEntity(ENTITY_ID, 'Repair requests', template, {
  primary_fields: ['title'],
  display_field: 'title',
  records_count: 1,
});
const record = makeRecord(ENTITY_ID, 'r1', 'Leaking tap', template._id, { title: 'Leaking tap' });
const fields = [
  {
    ref: `${template._id}#title`,
    template_id: template._id,
    template_name: 'Repair',
    key: 'title',
    label: 'Title',
    type: 'SINGLE_LINE_TEXT',
    is_primary: true,
    required: true,
  },
];

/** The entity as a contact reads it, their rule `rule` on it. */
function server(rule: Partial<TContactEntityAccess>): FakeHandler {
  return (call) => {
    if (call.path === `/api/application-user/permissions/entity/${ENTITY_ID}`) {
      return ok(makeAccess({ entity_id: ENTITY_ID, ...rule }));
    }
    if (call.path === `/api/entities/${ENTITY_ID}`) return ok(entity);
    if (call.path === `/api/template/${template._id}`) return ok(template);
    if (call.path === '/api/template-fields') return ok(fields);
    if (call.path === '/api/entities-data/entity/data') {
      return ok({ data: [record], total: 1, total_capped: false, page: 1, total_pages: 1 });
    }
    if (call.path === '/api/entity-data/r1') return ok(record);
    return undefined;
  };
}

/** The first screen of a test compiles its lazy chunks: slow on a busy machine. */
const FIRST = { timeout: 15_000 };

contactSessionPerTest();
afterEach(() => restoreLayout());

describe("the contact area's records", { timeout: 30_000 }, () => {
  it('lists the records with Add when their rule allows creating; a record opens in /ap without Edit', async () => {
    installLayout();
    const api = installFakeApi(server({ create: true }));
    renderApp(`/ap/entity/${ENTITY_ID}/repairs`);
    expect(await screen.findByRole('heading', { name: 'Repair requests' }, FIRST)).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Add' }).getAttribute('href')).toBe(
      `/ap/entity-execute/${ENTITY_ID}`,
    );
    fireEvent.click(await screen.findByRole('button', { name: 'Open Leaking tap' }));
    const drawer = await screen.findByRole('dialog');
    await waitFor(() =>
      expect(within(drawer).getByRole('link', { name: 'Open page' }).getAttribute('href')).toBe(
        `/ap/entity-view/${ENTITY_ID}?dataId=r1`,
      ),
    );
    expect(within(drawer).queryByRole('link', { name: 'Edit' })).toBeNull();
    // Searching goes to the server as for staff (it scopes the contact's records).
    fireEvent.change(screen.getByPlaceholderText(/Search/), { target: { value: 'tap' } });
    await waitFor(() =>
      expect(api.callsTo('/api/entities-data/entity/data').at(-1)?.body).toMatchObject({ search: 'tap' }),
    );
  });

  it('without create: no Add button', async () => {
    installLayout();
    installFakeApi(server({}));
    renderApp(`/ap/entity/${ENTITY_ID}/repairs`);
    await screen.findByRole('heading', { name: 'Repair requests' }, FIRST);
    await screen.findByRole('button', { name: 'Open Leaking tap' });
    expect(screen.queryByRole('link', { name: 'Add' })).toBeNull();
    // Neither the grid's quick add nor, once rows are selected, Print (a staff call).
    expect(screen.queryByRole('button', { name: 'New row' })).toBeNull();
    fireEvent.click(screen.getByRole('checkbox', { name: 'Select Leaking tap' }));
    expect(await screen.findByText(/1 selected/)).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Print' })).toBeNull();
  });

  it('with create: the quick add of the grid too, and still no Print', async () => {
    installLayout();
    installFakeApi(server({ create: true }));
    renderApp(`/ap/entity/${ENTITY_ID}/repairs`);
    expect(await screen.findByRole('button', { name: 'New row' }, FIRST)).toBeTruthy();
    fireEvent.click(await screen.findByRole('checkbox', { name: 'Select Leaking tap' }));
    expect(await screen.findByText(/1 selected/)).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Print' })).toBeNull();
  });

  it('on a phone the records are cards', async () => {
    installLayout({ windowWidth: 390 });
    installFakeApi(server({}));
    renderApp(`/ap/entity/${ENTITY_ID}/repairs`);
    const cards = await screen.findAllByTestId('record-card', undefined, FIRST);
    expect(within(cards[0]!).getByText('Leaking tap')).toBeTruthy();
  });

  it('an entity they may not read: "not shared", and no record is asked for', async () => {
    const api = installFakeApi(server({ read: false }));
    renderApp(`/ap/entity/${ENTITY_ID}/repairs`);
    expect(await screen.findByText('Not shared with you', undefined, FIRST)).toBeTruthy();
    expect(api.callsTo('/api/entities-data/entity/data')).toHaveLength(0);
  });

  it('an entity without a rule (404): "not shared" too', async () => {
    installFakeApi((call) =>
      call.path === `/api/application-user/permissions/entity/${ENTITY_ID}`
        ? fail(404, 'Not found')
        : server({})(call),
    );
    renderApp(`/ap/entity/${ENTITY_ID}/repairs`);
    expect(await screen.findByText('Not shared with you', undefined, FIRST)).toBeTruthy();
  });

  it('a record page shows Edit and Delete only as their rule allows', async () => {
    installLayout();
    installFakeApi(server({ update: true, delete: true }));
    renderApp(`/ap/entity-view/${ENTITY_ID}?dataId=r1`);
    const edit = await screen.findByRole('link', { name: 'Edit' }, FIRST);
    expect(edit.getAttribute('href')).toBe(`/ap/entity-execute/${ENTITY_ID}?dataId=r1`);
    expect(screen.getByRole('button', { name: 'Delete' })).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Duplicate' })).toBeNull();
    // The record's values only: the company's own tabs (activity, files…) are not the contact's.
    expect(screen.queryByRole('tab', { name: 'Activity' })).toBeNull();
  });

  it('a record page of a read-only rule: no Edit, no Delete', async () => {
    installLayout();
    installFakeApi(server({}));
    renderApp(`/ap/entity-view/${ENTITY_ID}?dataId=r1`);
    expect(await screen.findByRole('heading', { name: 'Leaking tap' }, FIRST)).toBeTruthy();
    expect(screen.queryByRole('link', { name: 'Edit' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Delete' })).toBeNull();
  });

  it("another contact's record (404 from the server) shows the not-found screen, not the record", async () => {
    installLayout();
    installFakeApi((call) =>
      call.path === '/api/entity-data/someone-else'
        ? fail(404, 'Record not found')
        : server({ update: true })(call),
    );
    renderApp(`/ap/entity-view/${ENTITY_ID}?dataId=someone-else`);
    expect(await screen.findByTestId('not-found', undefined, FIRST)).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Try again' })).toBeNull();
    expect(screen.getByRole('link', { name: /Back to the records/ }).getAttribute('href')).toBe(
      `/ap/entity-view/${ENTITY_ID}`,
    );
  });

  it('editing without the update rule: not shared, no form', async () => {
    installFakeApi(server({ create: true }));
    renderApp(`/ap/entity-execute/${ENTITY_ID}?dataId=r1`);
    expect(await screen.findByText('Not shared with you', undefined, FIRST)).toBeTruthy();
    expect(screen.queryByRole('button', { name: /Save/ })).toBeNull();
  });

  it('adding with the create rule: the record form, which goes back to /ap once saved', async () => {
    installLayout();
    const api = installFakeApi((call) =>
      call.path === '/api/entities-data' && call.method === 'POST'
        ? ok({ ...record, _id: 'r2' })
        : server({ create: true })(call),
    );
    const router = renderApp(`/ap/entity-execute/${ENTITY_ID}`);
    fireEvent.change(await screen.findByLabelText(/^Title/, undefined, FIRST), {
      target: { value: 'Broken window' },
    });
    fireEvent.click(screen.getByRole('button', { name: /Save|Add/ }));
    await waitFor(() => expect(api.callsTo('/api/entities-data', 'POST')).toHaveLength(1));
    await waitFor(() => expect(router.state.location.pathname).toBe(`/ap/entity-view/${ENTITY_ID}`));
    expect(router.state.location.search).toBe('?dataId=r2');
  });
});
