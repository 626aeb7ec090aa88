import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { MantineProvider } from '@mantine/core';
import { describe, expect, it } from 'vitest';
import { ZFormField } from '@esigns/contracts/nocode-fields';
import { installFakeApi, ok, type FakeHandler } from '../../shared/testing/fake-api';
import { makeFormTemplate, renderAt } from '../form-templates/form-templates-test-utils';
import { CellValue } from './grid-cells';
import { RecordFormScreen } from './record-form-screen';
import { linkedIds } from './record-picker';
import { staffSessionPerTest } from '../../shared/testing/test-session';
import { entityServer, makeEntity, makeRecord } from './entities-test-utils';

const ENTITY_ID = '3c1b2c3d-0000-4000-8000-000000000001';
const AGENTS_ID = '3c1b2c3d-0000-4000-8000-0000000000e1';
const RAVI = '3c1b2c3d-0000-4000-8000-0000000000a1';
const MEENA = '3c1b2c3d-0000-4000-8000-0000000000a2';
const ARJUN = '3c1b2c3d-0000-4000-8000-0000000000a3';
const FAR = '3c1b2c3d-0000-4000-8000-0000000000a4';
const GONE = '3c1b2c3d-0000-4000-8000-0000000000ff';
const agents = [
  { _id: ARJUN, title: 'Arjun Rao' },
  { _id: MEENA, title: 'Meena Iyer' },
  { _id: RAVI, title: 'Ravi Kumar' },
];
const template = makeFormTemplate({
  name: 'Property',
  fields: [
    { key: 'title', label: 'Title', type: 'SINGLE_LINE_TEXT', required: true },
    { key: 'agents', label: 'Agents', type: 'ENTITY', entity_id: AGENTS_ID, allow_multiple: true },
    { key: 'owner', label: 'Owner', type: 'ENTITY', entity_id: AGENTS_ID },
  ],
});
const tid = template._id;
const entity = makeEntity(ENTITY_ID, 'Property', template, {
  code: 'property',
  primary_fields: ['title'],
  display_field: 'title',
  records_count: 1,
  updated_at: '2026-03-02T10:00:00.000Z',
});
const record = (id: string, title: string, values: Record<string, unknown> = {}) =>
  makeRecord(ENTITY_ID, id, title, tid, { title, ...values });

/** The entity, its template and the agents list (searched by title, as the server does). */
function server(next: FakeHandler = () => undefined): FakeHandler {
  return entityServer(entity, [template], (call) => {
    if (call.path === `/api/entities/${AGENTS_ID}/list`) {
      const search = new URL(call.url, 'http://localhost').searchParams.get('search') ?? '';
      const data = agents.filter((a) => a.title.toLowerCase().includes(search.toLowerCase()));
      return ok({ data, total: data.length, page: 1, total_pages: 1 });
    }
    return next(call);
  });
}

staffSessionPerTest();

/** The pills of a multi-select: their texts. */
const pillsOf = (input: HTMLElement) =>
  [
    ...(input.closest('.mantine-MultiSelect-root') ?? document.body).querySelectorAll('.mantine-Pill-label'),
  ].map((pill) => pill.textContent);

describe('record picker of ENTITY fields with allow_multiple', { timeout: 30_000 }, () => {
  it('searches the linked records on the server, picks two, shows their titles and saves a list', async () => {
    const api = installFakeApi(
      server((call) => (call.path === '/api/entities-data' ? ok(record('new', 'Plot 7')) : undefined)),
    );
    renderAt(<RecordFormScreen />, '/entity/:entity_id/add', `/entity/${ENTITY_ID}/add`);
    fireEvent.change(await screen.findByRole('textbox', { name: /Title/ }), { target: { value: 'Plot 7' } });
    const picker = screen.getByRole('combobox', { name: 'Agents' });
    picker.focus();
    fireEvent.change(picker, { target: { value: 'mee' } });
    await waitFor(() =>
      expect(api.calls.some((c) => c.path.endsWith('/list') && c.url.includes('search=mee'))).toBe(true),
    );
    fireEvent.click(await screen.findByRole('option', { name: 'Meena Iyer' }));
    fireEvent.change(picker, { target: { value: 'ravi' } });
    await waitFor(() =>
      expect(api.calls.some((c) => c.path.endsWith('/list') && c.url.includes('search=ravi'))).toBe(true),
    );
    fireEvent.click(await screen.findByRole('option', { name: 'Ravi Kumar' }));
    await waitFor(() => expect(pillsOf(picker)).toEqual(['Meena Iyer', 'Ravi Kumar']));

    fireEvent.click(screen.getByRole('button', { name: 'Add Property' }));
    await waitFor(() => expect(api.callsTo('/api/entities-data')).toHaveLength(1));
    expect(api.callsTo('/api/entities-data')[0]!.body).toEqual({
      entity_id: ENTITY_ID,
      values: { [tid]: { title: 'Plot 7', agents: [MEENA, RAVI] } },
    });
  });

  it('shows stored links by title (reading those not listed), and saves the list left after removing one', async () => {
    const stored = record('r1', 'Villa', { agents: [ARJUN, FAR, GONE], owner: FAR });
    const api = installFakeApi(
      server((call) => {
        if (call.path === '/api/entity-data/r1') return ok(stored);
        // Not in the first 50 listed: read by id. GONE is unknown (or another company's): 404.
        if (call.path === `/api/entity-data/${FAR}`)
          return ok({ ...record(FAR, 'Farah Khan'), entity_id: AGENTS_ID });
        if (call.path === `/api/templates-data/r1/${tid}`) return ok(stored);
        return undefined;
      }),
    );
    renderAt(<RecordFormScreen />, '/entity/:entity_id/edit', `/entity/${ENTITY_ID}/edit?dataId=r1`);
    const picker = await screen.findByRole('combobox', { name: 'Agents' });
    await waitFor(() => expect(pillsOf(picker)).toEqual(['Arjun Rao', 'Farah Khan', GONE.slice(0, 8)]));
    // The single picker of the same entity shows its record's title too, and still holds one id.
    const owner = screen.getByRole('combobox', { name: 'Owner' }) as HTMLInputElement;
    await waitFor(() => expect(owner.value).toBe('Farah Khan'));
    // Each unknown record is read once, for both pickers.
    expect(api.callsTo(`/api/entity-data/${FAR}`)).toHaveLength(1);

    const pill = [...document.querySelectorAll('.mantine-Pill-root')].find((p) =>
      p.textContent?.includes(GONE.slice(0, 8)),
    ) as HTMLElement;
    fireEvent.click(within(pill).getByRole('button', { hidden: true }));
    await waitFor(() => expect(pillsOf(picker)).toEqual(['Arjun Rao', 'Farah Khan']));
    fireEvent.click(screen.getByRole('button', { name: /Save/ }));
    await waitFor(() => expect(api.callsTo(`/api/templates-data/r1/${tid}`, 'PATCH')).toHaveLength(1));
    expect(api.callsTo(`/api/templates-data/r1/${tid}`, 'PATCH')[0]!.body).toEqual({
      values: { title: 'Villa', agents: [ARJUN, FAR], owner: FAR },
    });
  });
});

describe('grid cell of an ENTITY field', () => {
  const field = {
    ...ZFormField.parse({ key: 'agents', label: 'Agents', type: 'ENTITY', entity_id: AGENTS_ID }),
  };
  const column = {
    ...field,
    ref: `${tid}#agents`,
    template_id: tid,
    template_name: 'Property',
    is_primary: true,
  };
  const titles: Record<string, string> = { [RAVI]: 'Ravi Kumar', [MEENA]: 'Meena Iyer' };
  const cell = (value: unknown) =>
    render(
      <MantineProvider>
        <CellValue field={column as never} value={value} linkTitle={(id) => titles[id] ?? id.slice(0, 8)} />
      </MantineProvider>,
    );

  it('shows every title of a list, the whole list on hover', () => {
    const { container } = cell([RAVI, MEENA, GONE]);
    expect([...container.querySelectorAll('.mantine-Badge-label')].map((b) => b.textContent)).toEqual([
      'Ravi Kumar',
      'Meena Iyer',
      GONE.slice(0, 8),
    ]);
    expect(container.querySelector('[title]')?.getAttribute('title')).toBe(
      `Ravi Kumar, Meena Iyer, ${GONE.slice(0, 8)}`,
    );
  });

  it('shows one link as its title, a list of one the same way, and nothing for none', () => {
    const shown = (value: unknown) => {
      const { container } = cell(value);
      const text = container.querySelector('.mantine-Text-root')?.textContent;
      const badges = container.querySelectorAll('.mantine-Badge-root').length;
      cleanup();
      return { text, badges };
    };
    expect(shown(RAVI)).toEqual({ text: 'Ravi Kumar', badges: 0 });
    expect(shown([MEENA])).toEqual({ text: 'Meena Iyer', badges: 0 });
    expect(shown(null)).toEqual({ text: '', badges: 0 });
  });

  it('reads the ids of any stored shape', () => {
    expect(linkedIds([RAVI, { _id: MEENA }, RAVI, 7, null])).toEqual([RAVI, MEENA]);
    expect(linkedIds(RAVI)).toEqual([RAVI]);
    expect(linkedIds(null)).toEqual([]);
    expect(linkedIds('')).toEqual([]);
  });
});
