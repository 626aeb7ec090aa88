import { describe, expect, it, vi } from 'vitest';
import {
  checkIn,
  handleScan,
  scanContextOf,
  scanEntityOf,
  type ScanContext,
  type ScanDeps,
} from './scan-actions';
import {
  NO_HELD_CODE,
  SAME_CODE_MS,
  cameraReading,
  checkInValue,
  readCode,
  recordOfPath,
} from './scan-rules';
import { DEFAULT_SCANNER_SETTINGS, type ScannerSettings } from './scanner-settings';
import { cameraBlockedByPolicy, cameraProblem } from './use-camera';

/* What a scanned code does, mode by mode, with the two calls faked. */

const ORIGIN = 'https://sign.example.com';
const ENTITY = '11111111-1111-4111-8111-111111111111';
const OTHER_ENTITY = '22222222-2222-4222-8222-222222222222';
const RECORD = '33333333-3333-4333-8333-333333333333';
const TEMPLATE = '44444444-4444-4444-8444-444444444444';
const NOW = new Date('2026-11-30T10:00:00.000Z');
const recordUrl = `${ORIGIN}/entity/${ENTITY}/view?dataId=${RECORD}`;
const asha = { entityId: ENTITY, recordId: RECORD, title: 'Asha Rao' };

function deps(
  found: (typeof asha)[] = [],
  now = NOW,
): ScanDeps & { [K in 'findRecords' | 'writeCheckIn']: ReturnType<typeof vi.fn> } {
  return {
    findRecords: vi.fn(async () => ({ records: found, total: found.length })),
    writeCheckIn: vi.fn(async (record: { recordId: string }) => ({ ...asha, recordId: record.recordId })),
    now: () => now,
  };
}

function context(settings: Partial<ScannerSettings>, extra: Partial<ScanContext> = {}): ScanContext {
  return {
    settings: { ...DEFAULT_SCANNER_SETTINGS, ...settings },
    origin: ORIGIN,
    history: [],
    lookupType: 'SINGLE_LINE_TEXT',
    stampType: 'DATE_TIME',
    ...extra,
  };
}

const find = { mode: 'find' as const, find: { entityId: ENTITY, lookupRef: `${TEMPLATE}#badge` } };
const checkin = {
  mode: 'checkin' as const,
  checkin: { entityId: ENTITY, lookupRef: `${TEMPLATE}#badge`, stampRef: `${TEMPLATE}#checked_in` },
};

describe('reading a code', () => {
  it('tells links of this app (with the record they open), other links and plain values apart', () => {
    expect(readCode(recordUrl, ORIGIN)).toEqual({
      kind: 'app',
      path: `/entity/${ENTITY}/view?dataId=${RECORD}`,
      record: { entityId: ENTITY, recordId: RECORD },
    });
    expect(readCode(' /documents/all ', ORIGIN)).toEqual({
      kind: 'app',
      path: '/documents/all',
      record: null,
    });
    expect(readCode('https://evil.example.net/entity/x/view?dataId=y', ORIGIN)).toEqual({
      kind: 'external',
      url: 'https://evil.example.net/entity/x/view?dataId=y',
    });
    // Same host, other scheme or port: another origin.
    expect(readCode('http://sign.example.com/dashboard', ORIGIN).kind).toBe('external');
    expect(readCode('//evil.example.net/x', ORIGIN)).toEqual({ kind: 'text', text: '//evil.example.net/x' });
    expect(readCode('mailto:a@example.com', ORIGIN)).toEqual({ kind: 'text', text: 'mailto:a@example.com' });
    expect(readCode('BADGE-0042', ORIGIN)).toEqual({ kind: 'text', text: 'BADGE-0042' });
  });

  it('finds the record of every record page address', () => {
    expect(recordOfPath(`/entity_data_view/${ENTITY}/main?dataId=${RECORD}`)).toEqual({
      entityId: ENTITY,
      recordId: RECORD,
    });
    expect(recordOfPath(`/entity/${ENTITY}/edit?dataId=${RECORD}`)).toEqual({
      entityId: ENTITY,
      recordId: RECORD,
    });
    expect(recordOfPath(`/entity/${ENTITY}?dataId=${RECORD}`)).toBeNull();
    expect(recordOfPath(`/entity/${ENTITY}/view`)).toBeNull();
  });

  it('writes the instant in a date-time field and the local day in a date field', () => {
    expect(checkInValue('DATE_TIME', NOW)).toBe('2026-11-30T10:00:00.000Z');
    const local = new Date(2026, 0, 5, 23, 30);
    expect(checkInValue('DATE', local)).toBe('2026-01-05');
  });

  it('names why the camera cannot start', () => {
    expect(cameraProblem(new DOMException('Permission denied', 'NotAllowedError'))).toBe('denied');
    expect(cameraProblem(new DOMException('Requested device not found', 'NotFoundError'))).toBe('no-camera');
    expect(cameraProblem(new DOMException('Could not start video source', 'NotReadableError'))).toBe('busy');
    expect(cameraProblem(new Error('odd'))).toBe('other');
  });

  it("knows when the page's Permissions-Policy keeps the camera off (a page first loaded elsewhere)", () => {
    const policy = (camera: boolean) => ({
      allowsFeature: (feature: string) => feature !== 'camera' || camera,
    });
    expect(cameraBlockedByPolicy({ featurePolicy: policy(false) } as unknown as Document)).toBe(true);
    expect(cameraBlockedByPolicy({ permissionsPolicy: policy(true) } as unknown as Document)).toBe(false);
    // A browser without the API: try, and let getUserMedia answer.
    expect(cameraBlockedByPolicy({} as Document)).toBe(false);
  });
});

describe('open links mode', () => {
  it('opens a link of this app, shows another site without opening it, and says a value is not a link', async () => {
    const calls = deps();
    expect(await handleScan(recordUrl, context({}), calls)).toEqual({
      kind: 'open',
      path: `/entity/${ENTITY}/view?dataId=${RECORD}`,
    });
    expect(await handleScan('https://evil.example.net/login', context({}), calls)).toEqual({
      kind: 'external',
      url: 'https://evil.example.net/login',
    });
    expect(await handleScan('BADGE-0042', context({}), calls)).toEqual({
      kind: 'not-a-link',
      code: 'BADGE-0042',
    });
    expect(calls.findRecords).not.toHaveBeenCalled();
  });
});

describe('find a record mode', () => {
  it('opens the one match', async () => {
    const calls = deps([asha]);
    expect(await handleScan('B-7', context(find), calls)).toEqual({
      kind: 'open',
      path: `/entity/${ENTITY}/view?dataId=${RECORD}`,
    });
    expect(calls.findRecords).toHaveBeenCalledWith(ENTITY, `${TEMPLATE}#badge`, 'B-7');
  });

  it('lists several matches to pick from and says when there is none', async () => {
    const two = [asha, { ...asha, recordId: 'r2', title: 'Asha R.' }];
    expect(await handleScan('B-7', context(find), deps(two))).toMatchObject({
      kind: 'choose',
      total: 2,
      purpose: 'open',
    });
    expect(await handleScan('B-8', context(find), deps([]))).toMatchObject({ kind: 'none', code: 'B-8' });
  });

  it('does not ask a number field for a value that is not a number, and asks for the field first', async () => {
    const calls = deps([asha]);
    expect(await handleScan('B-7', context(find, { lookupType: 'NUMBER' }), calls)).toMatchObject({
      kind: 'none',
    });
    expect(calls.findRecords).not.toHaveBeenCalled();
    const unset = { mode: 'find' as const, find: { entityId: ENTITY, lookupRef: null } };
    expect(await handleScan('B-7', context(unset), calls)).toMatchObject({ kind: 'needs-setup' });
  });
});

describe('check in mode', () => {
  it('checks in the record of a scanned QR code (its address) with the time now', async () => {
    const calls = deps();
    const outcome = await handleScan(recordUrl, context(checkin), calls);
    expect(calls.writeCheckIn).toHaveBeenCalledWith(
      { entityId: ENTITY, recordId: RECORD },
      `${TEMPLATE}#checked_in`,
      '2026-11-30T10:00:00.000Z',
    );
    expect(outcome).toEqual({ kind: 'checked-in', entry: { ...asha, at: '2026-11-30T10:00:00.000Z' } });
  });

  it('checks in the one record whose lookup field has the code, and refuses a record of another entity', async () => {
    const calls = deps([asha]);
    expect(await handleScan('B-7', context(checkin), calls)).toMatchObject({ kind: 'checked-in' });
    const other = `${ORIGIN}/entity/${OTHER_ENTITY}/view?dataId=${RECORD}`;
    expect(await handleScan(other, context(checkin), calls)).toMatchObject({ kind: 'none' });
    expect(calls.writeCheckIn).toHaveBeenCalledTimes(1);
  });

  it('asks before checking in the same record again within a minute, not after', async () => {
    const history = [{ ...asha, at: '2026-11-30T09:59:30.000Z' }];
    const calls = deps();
    const outcome = await handleScan(recordUrl, context(checkin, { history }), calls);
    expect(outcome).toEqual({
      kind: 'confirm-again',
      record: { entityId: ENTITY, recordId: RECORD },
      last: history[0],
    });
    expect(calls.writeCheckIn).not.toHaveBeenCalled();
    // "Check in again"
    expect(
      await checkIn({ entityId: ENTITY, recordId: RECORD }, context(checkin, { history }), calls, true),
    ).toMatchObject({
      kind: 'checked-in',
    });
    // A minute later it is a new check-in.
    const later = deps([], new Date('2026-11-30T10:00:30.000Z'));
    expect(await handleScan(recordUrl, context(checkin, { history }), later)).toMatchObject({
      kind: 'checked-in',
    });
  });

  it('needs a date field to write', async () => {
    expect(await handleScan(recordUrl, context(checkin, { stampType: null }), deps())).toMatchObject({
      kind: 'needs-setup',
    });
  });
});

describe('the camera: one scan per code held in front of it', () => {
  it('hands on a new code, holds the code handed on while it stays in sight, and counts it again after 3 s away', () => {
    expect(cameraReading(NO_HELD_CODE, 'B-1', 1_000)).toBe('new');
    const held = { text: 'B-1', at: 1_000 };
    expect(cameraReading(held, 'B-1', 1_000 + SAME_CODE_MS - 1)).toBe('same');
    expect(cameraReading(held, 'B-1', 1_000 + SAME_CODE_MS)).toBe('new');
    // Another code is new at once.
    expect(cameraReading(held, 'B-2', 1_100)).toBe('new');
  });
});

describe('the context of a scan', () => {
  const fields = [
    { ref: `${TEMPLATE}#badge`, type: 'NUMBER' },
    { ref: `${TEMPLATE}#checked_in`, type: 'DATE' },
    { ref: `${TEMPLATE}#note`, type: 'SINGLE_LINE_TEXT' },
  ];
  const settings = (extra: Partial<ScannerSettings>) => ({ ...DEFAULT_SCANNER_SETTINGS, ...extra });

  it("needs the fields of the mode's entity: none to open links", () => {
    expect(scanEntityOf(settings({ ...find, mode: 'open' }))).toBeNull();
    expect(scanEntityOf(settings(find))).toBe(ENTITY);
    expect(scanEntityOf(settings({ ...checkin, find: { entityId: OTHER_ENTITY, lookupRef: null } }))).toBe(
      ENTITY,
    );
  });

  it('reads the types of the chosen fields from the loaded fields (the title is text)', () => {
    expect(scanContextOf(settings(checkin), fields, [], ORIGIN)).toMatchObject({
      lookupType: 'NUMBER',
      stampType: 'DATE',
    });
    const byTitle = settings({ mode: 'find', find: { entityId: ENTITY, lookupRef: 'title' } });
    expect(scanContextOf(byTitle, fields, [], ORIGIN).lookupType).toBe('SINGLE_LINE_TEXT');
    // A check-in field that is not a date, or fields not known: no type.
    const notDate = settings({ ...checkin, checkin: { ...checkin.checkin, stampRef: `${TEMPLATE}#note` } });
    expect(scanContextOf(notDate, fields, [], ORIGIN).stampType).toBeNull();
    expect(scanContextOf(settings(checkin), [], [], ORIGIN)).toMatchObject({
      lookupType: null,
      stampType: null,
    });
  });
});
