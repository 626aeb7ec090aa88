import { describe, expect, it } from 'vitest';
import { keyedHash } from '../../platform/auth/one-time-secrets';
import {
  MAX_LIVE_LINKS,
  MAX_RETIRED_LINKS,
  NO_SECRETS,
  hostedLinkColumns,
  isRecipientSecret,
  isRetiredSecret,
  withAddedSecret,
} from './recipients';

const key = 'unit-test-key';
const hash = (secret: string) => keyedHash(secret, key);

describe('replaced links', () => {
  it('retires the links pushed out of the live ones, newest first, and keeps at most MAX_RETIRED_LINKS', () => {
    let columns = { ...NO_SECRETS } as ReturnType<typeof withAddedSecret>;
    for (let i = 1; i <= MAX_LIVE_LINKS + 2; i += 1) columns = withAddedSecret(columns, hash(`s${i}`));
    expect(isRecipientSecret('s1', columns, key)).toBe(false);
    expect(isRecipientSecret('s3', columns, key)).toBe(true);
    expect(isRetiredSecret('s1', columns, key)).toBe(true);
    expect(isRetiredSecret('s2', columns, key)).toBe(true);
    expect(isRetiredSecret('s3', columns, key)).toBe(false);
    expect(columns.retiredSecretHashes).toEqual([hash('s2'), hash('s1')]);
    for (let i = 0; i < MAX_RETIRED_LINKS * 2; i += 1) columns = withAddedSecret(columns, hash(`more${i}`));
    expect(columns.retiredSecretHashes).toHaveLength(MAX_RETIRED_LINKS);
    expect(isRetiredSecret('s1', columns, key)).toBe(false);
  });

  it('retires every earlier link when the sender generates one, and forgets them all with NO_SECRETS', () => {
    const mailed = withAddedSecret(withAddedSecret(NO_SECRETS, hash('a')), hash('b'));
    const hosted = hostedLinkColumns(hash('h'), 'host', mailed);
    expect(isRecipientSecret('a', hosted, key)).toBe(false);
    expect(isRetiredSecret('a', hosted, key)).toBe(true);
    expect(isRetiredSecret('b', hosted, key)).toBe(true);
    expect(isRetiredSecret('h', hosted, key)).toBe(false);
    expect(isRetiredSecret('a', { ...hosted, ...NO_SECRETS }, key)).toBe(false);
  });
});
