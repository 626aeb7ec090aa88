import { Fragment, useState } from 'react';
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { installFakeApi, ok, type FakeCall, type FakeHandler } from '../../shared/testing/fake-api';
import { renderScreenAt, standIn } from '../../shared/testing/render-routes';
import { staffSessionPerTest } from '../../shared/testing/test-session';
import { ScannerScreen } from './scanner-screen';
import { SCANNER_SETTINGS_KEY, type ScannerSettings } from './scanner-settings';

/*
 * The scanner screen: typed codes in each mode, the camera refused, the choices kept per browser,
 * and scans that arrive before the screen is ready for them. The camera's reader (ZXing) is
 * replaced by one whose readings the tests hand in.
 */

const camera = vi.hoisted(() => ({ read: null as ((text: string) => void) | null }));
vi.mock('./zxing-decoder', () => ({
  scanStream: async (_stream: MediaStream, _video: HTMLVideoElement, onCode: (text: string) => void) => {
    camera.read = onCode;
    return () => {
      camera.read = null;
    };
  },
  scanImage: async () => null,
}));

const ENTITY = '11111111-1111-4111-8111-111111111111';
const RECORD = '33333333-3333-4333-8333-333333333333';
const RECORD_2 = '55555555-5555-4555-8555-555555555555';
const TEMPLATE = '44444444-4444-4444-8444-444444444444';
const BADGE = `${TEMPLATE}#badge`;
const STAMP = `${TEMPLATE}#checked_in`;

const FIELDS = [
  {
    ref: BADGE,
    template_id: TEMPLATE,
    template_name: 'Visitor',
    key: 'badge',
    label: 'Badge',
    type: 'SINGLE_LINE_TEXT',
    is_primary: false,
    required: false,
  },
  {
    ref: STAMP,
    template_id: TEMPLATE,
    template_name: 'Visitor',
    key: 'checked_in',
    label: 'Checked in',
    type: 'DATE_TIME',
    is_primary: false,
    required: false,
  },
];
const record = (id: string, title: string) => ({
  _id: id,
  entity_id: ENTITY,
  title,
  values: {},
  created_by: null,
  updated_by: null,
  created_at: '2026-11-01T10:00:00.000Z',
  updated_at: '2026-11-01T10:00:00.000Z',
});

staffSessionPerTest();
beforeEach(() => localStorage.clear());
afterEach(() => {
  delete (navigator as { mediaDevices?: unknown }).mediaDevices;
  camera.read = null;
});

function serve(matches: ReturnType<typeof record>[] = []): ReturnType<typeof installFakeApi> {
  const handler: FakeHandler = (call) => {
    if (call.path === '/api/entities')
      return ok({ data: [{ _id: ENTITY, name: 'Visitors' }], total: 1, page: 1, total_pages: 1 });
    if (call.path === '/api/template-fields') return ok(FIELDS);
    if (call.path === '/api/entities-data/entity/data')
      return ok({
        data: matches,
        total: matches.length,
        total_capped: false,
        page: 1,
        total_pages: 1,
        linked_titles: {},
      });
    if (call.path === `/api/templates-data/${RECORD}/${TEMPLATE}` && call.method === 'PATCH')
      return ok(record(RECORD, 'Asha Rao'));
    return undefined;
  };
  return installFakeApi(handler);
}

function open(settings?: Partial<ScannerSettings>) {
  if (settings) localStorage.setItem(SCANNER_SETTINGS_KEY, JSON.stringify(settings));
  return renderScreenAt(<ScannerScreen />, '/scanner', '/scanner', [
    standIn('/entity/:entity_id/view', 'record-page'),
    standIn('*', 'elsewhere'),
  ]);
}

async function typeCode(code: string) {
  const input = await screen.findByRole('textbox', { name: /Type or paste a code/ });
  fireEvent.change(input, { target: { value: code } });
  fireEvent.submit(input.closest('form')!);
}

const recordUrl = (id = RECORD) => `${window.location.origin}/entity/${ENTITY}/view?dataId=${id}`;
const find = { mode: 'find' as const, find: { entityId: ENTITY, lookupRef: BADGE } };
const checkin = {
  mode: 'checkin' as const,
  checkin: { entityId: ENTITY, lookupRef: BADGE, stampRef: STAMP },
};

describe('scanner screen', () => {
  it('says the camera was refused and still takes a typed code; a link elsewhere is shown, not opened', async () => {
    serve();
    const refused = () => Promise.reject(new DOMException('Permission denied', 'NotAllowedError'));
    Object.defineProperty(navigator, 'mediaDevices', {
      value: { getUserMedia: refused },
      configurable: true,
    });
    const router = open();
    fireEvent.click(await screen.findByRole('button', { name: 'Start camera' }));
    const problem = await screen.findByTestId('camera-problem');
    expect(problem.textContent).toContain('Camera access was refused');
    expect(problem.getAttribute('data-problem')).toBe('denied');

    await typeCode('https://evil.example.net/login');
    const link = await screen.findByRole('link', { name: /Open link/ });
    expect(link.getAttribute('href')).toBe('https://evil.example.net/login');
    expect(link.getAttribute('rel')).toContain('noopener');
    expect(link.getAttribute('target')).toBe('_blank');
    expect(router.state.location.pathname).toBe('/scanner');
  });

  it('turns the camera off when the screen goes away, even while it was starting', async () => {
    serve();
    let grant: (stream: MediaStream) => void = () => {};
    const stopped: string[] = [];
    const stream = { getTracks: () => [{ stop: () => stopped.push('video') }] } as unknown as MediaStream;
    const getUserMedia = () => new Promise<MediaStream>((resolve) => (grant = resolve));
    Object.defineProperty(navigator, 'mediaDevices', { value: { getUserMedia }, configurable: true });
    open();
    fireEvent.click(await screen.findByRole('button', { name: 'Start camera' }));
    expect(await screen.findByRole('button', { name: 'Stop camera' })).toBeTruthy();
    await typeCode(recordUrl());
    expect(await screen.findByTestId('record-page')).toBeTruthy();
    grant(stream);
    await waitFor(() => expect(stopped).toEqual(['video']));
  });

  it("opens a link of this app: a record's QR code opens the record", async () => {
    serve();
    const router = open();
    await typeCode(recordUrl());
    expect(await screen.findByTestId('record-page')).toBeTruthy();
    expect(router.state.location.search).toBe(`?dataId=${RECORD}`);
  });

  it('finds a record by the lookup field: one opens, several are listed, none is said', async () => {
    const api = serve([record(RECORD, 'Asha Rao'), record(RECORD_2, 'Asha R.')]);
    open(find);
    await typeCode('B-7');
    const list = await screen.findByText('2 records have this code');
    const alert = list.closest('[role="alert"]') as HTMLElement;
    expect(within(alert).getByRole('link', { name: 'Asha R.' }).getAttribute('href')).toBe(
      `/entity/${ENTITY}/view?dataId=${RECORD_2}`,
    );
    const [query] = api.callsTo('/api/entities-data/entity/data');
    expect(query?.body).toMatchObject({
      entity_id: ENTITY,
      filters: { match: 'ALL', rules: [{ field: BADGE, operator: 'EQUALS', value: 'B-7' }] },
    });

    serve([]);
    await typeCode('B-8');
    expect(await screen.findByText('No record found')).toBeTruthy();

    serve([record(RECORD, 'Asha Rao')]);
    await typeCode('B-7');
    expect(await screen.findByTestId('record-page')).toBeTruthy();
  });

  it('checks a record in, lists it, and asks before checking it in again within a minute', async () => {
    const api = serve();
    open(checkin);
    await screen.findByText('Check-ins this session');
    await waitFor(() => expect(api.callsTo('/api/template-fields')).toHaveLength(1));
    await typeCode(recordUrl());
    expect(await screen.findByText('Checked in')).toBeTruthy();
    const [write] = api.callsTo(`/api/templates-data/${RECORD}/${TEMPLATE}`, 'PATCH');
    const written = (write?.body as { values: { checked_in: string } }).values.checked_in;
    expect(written).toMatch(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/);
    const list = screen.getByRole('list', { name: 'Check-ins this session' });
    expect(within(list).getAllByRole('listitem')).toHaveLength(1);
    expect(within(list).getByRole('link', { name: 'Asha Rao' })).toBeTruthy();

    await typeCode(recordUrl());
    expect(await screen.findByText('Checked in less than a minute ago')).toBeTruthy();
    expect(api.callsTo(`/api/templates-data/${RECORD}/${TEMPLATE}`, 'PATCH')).toHaveLength(1);
    fireEvent.click(screen.getByRole('button', { name: 'Check in again' }));
    await waitFor(() => expect(within(list).getAllByRole('listitem')).toHaveLength(2));
    expect(api.callsTo(`/api/templates-data/${RECORD}/${TEMPLATE}`, 'PATCH')).toHaveLength(2);
  });

  it('keeps the chosen mode and fields in this browser', async () => {
    serve();
    open(checkin);
    expect(await screen.findByRole('combobox', { name: 'Check-in field' })).toBeTruthy();
    await waitFor(() =>
      expect((screen.getByRole('combobox', { name: 'Check-in field' }) as HTMLInputElement).value).toBe(
        'Checked in (Visitor)',
      ),
    );
    fireEvent.click(screen.getByText('Find a record'));
    const saved = JSON.parse(localStorage.getItem(SCANNER_SETTINGS_KEY)!) as ScannerSettings;
    expect(saved.mode).toBe('find');
    expect(saved.checkin).toEqual(checkin.checkin);
  });
});

const page = (data: unknown[]) => ({
  data,
  total: data.length,
  total_capped: false,
  page: 1,
  total_pages: 1,
  linked_titles: {},
});

/** A promise the test settles itself. */
function gate<T>() {
  let open: (value: T) => void = () => {};
  const promise = new Promise<T>((resolve) => (open = resolve));
  return { promise, open };
}

const asha = record(RECORD, 'Asha Rao');
const lookedUp = (call: FakeCall) =>
  (call.body as { filters: { rules: { value: string }[] } }).filters.rules[0]?.value;

describe('scans before the screen is ready', () => {
  it('a code scanned while the kept check-in fields are still loading waits for them and checks in', async () => {
    const fields = gate<void>();
    const api = installFakeApi(async (call) => {
      if (call.path === '/api/entities') return ok({ data: [{ _id: ENTITY, name: 'Visitors' }], total: 1 });
      if (call.path === '/api/template-fields') return fields.promise.then(() => ok(FIELDS));
      if (call.path === `/api/templates-data/${RECORD}/${TEMPLATE}`) return ok(asha);
      return undefined;
    });
    open(checkin);
    const input = await screen.findByRole('textbox', { name: /Type or paste a code/ });
    fireEvent.change(input, {
      target: { value: `${window.location.origin}/entity/${ENTITY}/view?dataId=${RECORD}` },
    });
    fireEvent.submit(input.closest('form')!);
    await waitFor(() => expect(api.callsTo('/api/template-fields')).toHaveLength(1));

    fields.open();
    expect(await screen.findByText('Checked in')).toBeTruthy();
    expect(screen.queryByText(/Choose the date field/)).toBeNull();
    const [write] = api.callsTo(`/api/templates-data/${RECORD}/${TEMPLATE}`, 'PATCH');
    expect((write?.body as { values: { checked_in: string } }).values.checked_in).toMatch(/T.*Z$/);
  });

  it('a code the camera reads while a lookup is on its way is read again after it, not lost', async () => {
    const lookups: { code: string; answer: ReturnType<typeof gate<Response>> }[] = [];
    const api = installFakeApi(async (call) => {
      if (call.path === '/api/entities') return ok({ data: [{ _id: ENTITY, name: 'Visitors' }], total: 1 });
      if (call.path === '/api/template-fields') return ok(FIELDS);
      if (call.path === '/api/entities-data/entity/data') {
        const answer = gate<Response>();
        lookups.push({ code: lookedUp(call) ?? '', answer });
        return answer.promise;
      }
      return undefined;
    });
    const stream = { getTracks: () => [] } as unknown as MediaStream;
    Object.defineProperty(navigator, 'mediaDevices', {
      value: { getUserMedia: async () => stream },
      configurable: true,
    });
    open(find);
    fireEvent.click(await screen.findByRole('button', { name: 'Start camera' }));
    await screen.findByText('Hold the code in front of the camera.');

    camera.read!('B-1');
    await waitFor(() => expect(lookups.map((l) => l.code)).toEqual(['B-1']));
    // B-2 comes into sight while B-1 is looked up: not taken yet.
    camera.read!('B-2');
    lookups[0]!.answer.open(ok(page([])));
    expect(await screen.findByText('No record found')).toBeTruthy();

    // The next frames: B-1, still in sight, is the same scan; B-2 is read now.
    camera.read!('B-1');
    camera.read!('B-2');
    await waitFor(() => expect(lookups.map((l) => l.code)).toEqual(['B-1', 'B-2']));
    lookups[1]!.answer.open(ok(page([asha])));
    expect(await screen.findByTestId('record-page')).toBeTruthy();
    expect(api.callsTo('/api/entities-data/entity/data')).toHaveLength(2);
  });

  it('a code typed while a lookup is on its way stays in the box until it can be taken', async () => {
    const answer = gate<Response>();
    const api = installFakeApi(async (call) => {
      if (call.path === '/api/entities') return ok({ data: [{ _id: ENTITY, name: 'Visitors' }], total: 1 });
      if (call.path === '/api/template-fields') return ok(FIELDS);
      if (call.path === '/api/entities-data/entity/data')
        return lookedUp(call) === 'B-1' ? answer.promise : ok(page([asha]));
      return undefined;
    });
    open(find);
    const input = (await screen.findByRole('textbox', { name: /Type or paste a code/ })) as HTMLInputElement;
    const type = (code: string) => {
      fireEvent.change(input, { target: { value: code } });
      fireEvent.submit(input.closest('form')!);
    };
    type('B-1');
    await waitFor(() => expect(api.callsTo('/api/entities-data/entity/data')).toHaveLength(1));
    type('B-2');
    expect(input.value).toBe('B-2');
    answer.open(ok(page([])));
    expect(await screen.findByText('No record found')).toBeTruthy();
    fireEvent.submit(input.closest('form')!);
    expect(await screen.findByTestId('record-page')).toBeTruthy();
    expect(api.callsTo('/api/entities-data/entity/data').map(lookedUp)).toEqual(['B-1', 'B-2']);
  });

  it('starts the camera again when the screen is drawn anew in place, not after leaving it', async () => {
    serve();
    const stopped: number[] = [];
    let opened = 0;
    const getUserMedia = async () => {
      const n = ++opened;
      return { getTracks: () => [{ stop: () => stopped.push(n) }] } as unknown as MediaStream;
    };
    Object.defineProperty(navigator, 'mediaDevices', { value: { getUserMedia }, configurable: true });
    // The staff layout draws the page anew (a new key) when the saved date format first arrives.
    let redraw = () => {};
    function Redrawn() {
      const [key, setKey] = useState(0);
      redraw = () => setKey((k) => k + 1);
      return (
        <Fragment key={key}>
          <ScannerScreen />
        </Fragment>
      );
    }
    renderScreenAt(<Redrawn />, '/scanner', '/scanner', [
      standIn('/entity/:entity_id/view', 'record-page'),
      standIn('*', 'elsewhere'),
    ]);
    fireEvent.click(await screen.findByRole('button', { name: 'Start camera' }));
    await screen.findByText('Hold the code in front of the camera.');

    act(() => redraw());
    await waitFor(() => expect(opened).toBe(2));
    expect(stopped).toEqual([1]);
    expect(await screen.findByText('Hold the code in front of the camera.')).toBeTruthy();

    // Leaving the screen turns it off for good.
    await typeCode(recordUrl());
    expect(await screen.findByTestId('record-page')).toBeTruthy();
    await waitFor(() => expect(stopped).toEqual([1, 2]));
    expect(opened).toBe(2);
  });
});
