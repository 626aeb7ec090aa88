import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { defaultCustomizationConfig } from '@esigns/contracts/entity-customization';
import { installFakeApi, invalid, ok, type FakeHandler } from '../../shared/testing/fake-api';
import { makeFormTemplate, renderAt } from '../form-templates/form-templates-test-utils';
import { toTemplateFields } from './create-entity-dialog';
import { EntitiesScreen } from './entities-screen';
import { EntityRecordsScreen } from './entity-records-screen';
import { RecordFormScreen } from './record-form-screen';
import { RecordViewScreen } from './record-view-screen';
import { staffSessionPerTest } from '../../shared/testing/test-session';
import { installLayout, restoreLayout } from '../../shared/testing/layout-stubs';
import { entityServer, makeEntity, makeRecord } from './entities-test-utils';

const ENTITY_ID = '3c1b2c3d-0000-4000-8000-000000000001';
const template = makeFormTemplate({
  name: 'Property',
  fields: [
    { key: 'title', label: 'Title', type: 'SINGLE_LINE_TEXT', required: true },
    { key: 'price', label: 'Price', type: 'CURRENCY' },
    { key: 'status', label: 'Status', type: 'SELECT', options: [{ value: 'Available' }, { value: 'Sold' }] },
  ],
});
const tid = template._id;
const entity = makeEntity(ENTITY_ID, 'Property', template, {
  code: 'property',
  description: 'Homes for sale',
  primary_fields: ['title'],
  display_field: 'title',
  records_count: 2,
  updated_at: '2026-03-02T10:00:00.000Z',
});
const record = (id: string, title: string, price: number) =>
  makeRecord(ENTITY_ID, id, title, tid, { title, price, status: 'Available' });
const fields = [
  {
    ref: `${tid}#title`,
    template_id: tid,
    template_name: 'Property',
    key: 'title',
    label: 'Title',
    type: 'SINGLE_LINE_TEXT',
    is_primary: true,
    required: true,
  },
  {
    ref: `${tid}#price`,
    template_id: tid,
    template_name: 'Property',
    key: 'price',
    label: 'Price',
    type: 'CURRENCY',
    is_primary: true,
    required: false,
  },
  {
    ref: `${tid}#status`,
    template_id: tid,
    template_name: 'Property',
    key: 'status',
    label: 'Status',
    type: 'SELECT',
    is_primary: true,
    required: false,
    options: [{ value: 'Available' }, { value: 'Sold' }],
  },
];

function server(next: FakeHandler = () => undefined): FakeHandler {
  return entityServer(entity, [template], (call) => {
    if (call.path === '/api/entities') return ok({ data: [entity], total: 1, page: 1, total_pages: 1 });
    if (call.path === '/api/template-fields') return ok(fields);
    if (call.path === '/api/entities-data/entity/data') {
      return ok({
        data: [record('r1', 'Sea view flat', 4500000), record('r2', 'Garden villa', 9000000)],
        total: 2,
        total_capped: false,
        page: 1,
        total_pages: 1,
      });
    }
    return next(call);
  });
}

staffSessionPerTest();

describe('entities', { timeout: 30_000 }, () => {
  it('lists entities with their record counts and creates one from quick fields', async () => {
    const api = installFakeApi(
      server((call) => (call.path === '/api/entities/create' ? ok(entity) : undefined)),
    );
    const router = renderAt(<EntitiesScreen />, '/entity', '/entity');
    expect(await screen.findByRole('link', { name: 'Property' })).toBeTruthy();
    expect(screen.getByText('Homes for sale')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'New entity' }));
    const dialog = await screen.findByRole('dialog');
    fireEvent.change(within(dialog).getByRole('textbox', { name: 'Name' }), {
      target: { value: 'Property' },
    });
    fireEvent.change(within(dialog).getByRole('textbox', { name: 'Field 1 label' }), {
      target: { value: 'Title' },
    });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Create entity' }));
    await waitFor(() => expect(router.state.location.pathname).toBe(`/entity/${ENTITY_ID}`));
    expect(api.callsTo('/api/entities/create')[0]?.body).toMatchObject({
      name: 'Property',
      entity_type: 'GENERAL',
      fields: [{ key: 'title', label: 'Title', type: 'SINGLE_LINE_TEXT', required: true }],
    });
  });

  it('turns quick fields into template fields with keys and options', () => {
    expect(
      toTemplateFields([
        { label: 'Full name', type: 'SINGLE_LINE_TEXT', required: false, options: '' },
        { label: 'Stage', type: 'SELECT', required: true, options: 'New, Won ,' },
        { label: ' ', type: 'NUMBER', required: false, options: '' },
      ]),
    ).toEqual([
      { key: 'full_name', label: 'Full name', type: 'SINGLE_LINE_TEXT', required: true },
      {
        key: 'stage',
        label: 'Stage',
        type: 'SELECT',
        required: true,
        options: [{ value: 'New' }, { value: 'Won' }],
      },
    ]);
  });

  it('shows records in the grid and asks the server to sort and search', async () => {
    const api = installFakeApi(server());
    renderAt(<EntityRecordsScreen />, '/entity/:entity_id', `/entity/${ENTITY_ID}`);
    expect(await screen.findByText('Sea view flat')).toBeTruthy();
    expect(screen.getByText('₹90,00,000.00')).toBeTruthy();
    fireEvent.click(within(screen.getByRole('columnheader', { name: 'Price' })).getByRole('button'));
    await waitFor(() =>
      expect(api.callsTo('/api/entities-data/entity/data').at(-1)?.body).toMatchObject({
        sort: [{ field: `${tid}#price`, direction: 'asc' }],
      }),
    );
    fireEvent.change(screen.getByLabelText('Search records'), { target: { value: 'villa' } });
    await waitFor(() =>
      expect(api.callsTo('/api/entities-data/entity/data').at(-1)?.body).toMatchObject({ search: 'villa' }),
    );
  });

  it('reads its sort, search, filters and page from the address, so a reload keeps them', async () => {
    const api = installFakeApi(server());
    const filters = JSON.stringify([{ field: `${tid}#status`, operator: 'EQUALS', value: 'Sold' }]);
    const query = new URLSearchParams({ sort: `${tid}#price:desc`, q: 'villa', filters, page: '2' });
    renderAt(<EntityRecordsScreen />, '/entity/:entity_id', `/entity/${ENTITY_ID}?${query.toString()}`);
    expect(await screen.findByText('Sea view flat')).toBeTruthy();
    await waitFor(() =>
      expect(api.callsTo('/api/entities-data/entity/data').at(-1)?.body).toMatchObject({
        page: 2,
        sort: [{ field: `${tid}#price`, direction: 'desc' }],
        search: 'villa',
        filters: { match: 'ALL', rules: [{ field: `${tid}#status`, operator: 'EQUALS', value: 'Sold' }] },
      }),
    );
    expect((screen.getByLabelText('Search records') as HTMLInputElement).value).toBe('villa');
  });

  it('shows records as cards on a 390 px phone, and opens one with a tap', async () => {
    installLayout({ windowWidth: 390 });
    try {
      installFakeApi(server());
      renderAt(<EntityRecordsScreen />, '/entity/:entity_id', `/entity/${ENTITY_ID}`);
      const cards = await screen.findAllByTestId('record-card');
      expect(cards).toHaveLength(2);
      expect(screen.queryByRole('grid')).toBeNull();
      expect(within(cards[1]!).getByText('Garden villa')).toBeTruthy();
      expect(within(cards[1]!).getByText('₹90,00,000.00')).toBeTruthy();
      fireEvent.click(within(cards[1]!).getByRole('button', { name: 'Open Garden villa' }));
      expect(await screen.findByRole('dialog')).toBeTruthy();
    } finally {
      restoreLayout();
    }
  });

  it('follows the active customization: labels, add button, page size', async () => {
    const api = installFakeApi(
      server((call) =>
        call.path === `/api/entity-customization/entity/isActive/${ENTITY_ID}`
          ? ok({
              config: {
                ...defaultCustomizationConfig(),
                labels: { singular: 'Home', plural: 'Homes' },
                buttons: { add: 'List a home', edit: null, delete: null, save: null },
                page_size: 20,
              },
            })
          : undefined,
      ),
    );
    renderAt(<EntityRecordsScreen />, '/entity/:entity_id', `/entity/${ENTITY_ID}`);
    expect(await screen.findByRole('heading', { name: 'Homes' })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'List a home' })).toBeTruthy();
    await waitFor(() =>
      expect(api.callsTo('/api/entities-data/entity/data').at(-1)?.body).toMatchObject({ limit: 20 }),
    );
  });

  it('validates the add form in the browser, then shows the server problems against the fields', async () => {
    const api = installFakeApi(
      server((call) =>
        call.path === '/api/entities-data' ? invalid({ [`values.${tid}.price`]: 'At least 0' }) : undefined,
      ),
    );
    renderAt(<RecordFormScreen />, '/entity/:entity_id/add', `/entity/${ENTITY_ID}/add`);
    const add = await screen.findByRole('button', { name: 'Add Property' });
    fireEvent.click(add);
    expect(await screen.findByText('Required')).toBeTruthy();
    expect(api.callsTo('/api/entities-data')).toHaveLength(0);
    fireEvent.change(screen.getByRole('textbox', { name: /Title/ }), { target: { value: 'Plot 7' } });
    fireEvent.change(screen.getByRole('textbox', { name: /Price/ }), { target: { value: '100' } });
    fireEvent.click(add);
    expect(await screen.findByText('At least 0')).toBeTruthy();
    expect(api.callsTo('/api/entities-data')[0]?.body).toMatchObject({
      entity_id: ENTITY_ID,
      values: { [tid]: { title: 'Plot 7', price: '100' } },
    });
  });
});

describe('entity look: icon and colour', { timeout: 30_000 }, () => {
  const ACCENT = '#1E88E5';
  const withLook = (look: { icon: string | null; primary_color: string | null } | null) =>
    server((call) => {
      if (call.path === `/api/entity-customization/entity/isActive/${ENTITY_ID}`)
        return ok(look && { config: { ...defaultCustomizationConfig(), ...look } });
      if (call.path === '/api/entity-data/r1') return ok(record('r1', 'Sea view flat', 4500000));
      return undefined;
    });
  /** The title's icon: its drawing's name and the colour it is tinted with. */
  const titleIcon = () => {
    const icon = screen.getByTestId('entity-title-icon');
    return {
      name: icon.querySelector('[data-icon]')?.getAttribute('data-icon'),
      color: icon.style.getPropertyValue('--ti-color'),
    };
  };
  const buttonColor = (element: HTMLElement) => element.style.getPropertyValue('--button-bg');

  it('shows the customization icon in the list title and colours its add button', async () => {
    installFakeApi(withLook({ icon: 'building', primary_color: ACCENT }));
    renderAt(<EntityRecordsScreen />, '/entity/:entity_id', `/entity/${ENTITY_ID}`);
    await screen.findByRole('heading', { name: 'Property' });
    expect(titleIcon()).toEqual({ name: 'building', color: ACCENT });
    expect(buttonColor(screen.getByRole('link', { name: 'Add Property' }))).toBe(ACCENT);
  });

  it('colours the record page and its form, with the entity icon when the look has none', async () => {
    const withIcon = { ...entity, icon: 'home' };
    const api = installFakeApi((call) =>
      call.path === `/api/entities/${ENTITY_ID}`
        ? ok(withIcon)
        : withLook({ icon: null, primary_color: ACCENT })(call),
    );
    renderAt(<RecordViewScreen />, '/entity/:entity_id/view', `/entity/${ENTITY_ID}/view?dataId=r1`);
    await screen.findByRole('heading', { name: 'Sea view flat' });
    expect(titleIcon()).toEqual({ name: 'home', color: ACCENT });
    expect(buttonColor(screen.getByRole('link', { name: 'Edit' }))).toBe(ACCENT);
    expect(api.callsTo(`/api/entity-customization/entity/isActive/${ENTITY_ID}`)).toHaveLength(1);
    cleanup();

    renderAt(<RecordFormScreen />, '/entity/:entity_id/add', `/entity/${ENTITY_ID}/add`);
    const add = await screen.findByRole('button', { name: 'Add Property' });
    expect(buttonColor(add)).toBe(ACCENT);
    expect(titleIcon().name).toBe('home');
  });

  it('shows no title icon and the theme colour without a look or an entity icon', async () => {
    installFakeApi(withLook(null));
    renderAt(<EntityRecordsScreen />, '/entity/:entity_id', `/entity/${ENTITY_ID}`);
    await screen.findByRole('heading', { name: 'Property' });
    expect(screen.queryByTestId('entity-title-icon')).toBeNull();
    expect(buttonColor(screen.getByRole('link', { name: 'Add Property' }))).not.toBe(ACCENT);
  });
});
