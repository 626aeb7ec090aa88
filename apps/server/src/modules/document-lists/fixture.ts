import type { TDocumentListFilter } from '@esigns/contracts/documents';
import type { TestApp } from '../../../test/test-app';
import { seedCompany, seedMember, type SeededCompany, type SeededUser } from '../../../test/seed-company';
import { seedDocument } from './test-seed';

/*
 * One company with a document in every state and role the lists tell apart, shared by the list
 * tests. Document `dN` is seeded on day N of 2026 (`at` = N days), so dates and order are known.
 */

export type ListFixture = {
  acme: SeededCompany;
  other: SeededCompany;
  owner: SeededUser;
  member: SeededUser;
  /** Another MEMBER of acme, with no part in any document. */
  bystander: SeededUser;
  ids: Record<string, string>;
  /** Name of a document id. */
  nameOf: (id: string) => string;
};

const DAY = 24 * 60;

export async function buildListFixture(t: TestApp): Promise<ListFixture> {
  const acme = await seedCompany(t, { name: 'Lists Co' });
  const other = await seedCompany(t, { name: 'Other Lists Co' });
  const owner = acme.users.OWNER;
  const member = acme.users.MEMBER;
  const bystander = await seedMember(t, acme.companyId, 'MEMBER', 'bystander');
  const me = { email: member.email, user_id: member.userId, first_name: 'Mona', last_name: 'Member' };
  const ids: Record<string, string> = {};
  const names = new Map<string, string>();
  const add = async (
    key: string,
    sender: SeededUser,
    doc: Parameters<typeof seedDocument>[3],
    day: number,
  ) => {
    const id = await seedDocument(t, acme.companyId, sender, { ...doc, at: day * DAY });
    ids[key] = id;
    names.set(id, doc.name);
  };
  await add(
    'd1',
    owner,
    {
      name: 'Lease alpha',
      status: 'WAITING',
      recipients: [
        { ...me, status: 'SENT' },
        { email: 'ext1@acme.test', first_name: 'Ed', status: 'SENT' },
      ],
    },
    1,
  );
  await add(
    'd2',
    owner,
    {
      name: 'Sale deed',
      status: 'WAITING',
      recipients: [
        { email: 'ext@globex.test', first_name: 'Gina', last_name: 'Globe', status: 'SENT' },
        { ...me, status: 'PENDING', signing_order: 2 },
      ],
    },
    2,
  );
  await add(
    'd3',
    owner,
    {
      name: 'NDA Globex',
      status: 'COMPLETED',
      recipients: [
        { email: 'a@initech.test', status: 'SIGNED' },
        { email: 'b@initech.test', status: 'SIGNED' },
      ],
    },
    3,
  );
  await add(
    'd4',
    owner,
    { name: 'Invoice 42', status: 'DECLINED', recipients: [{ email: 'c@x.test', status: 'DECLINED' }] },
    4,
  );
  await add(
    'd5',
    owner,
    {
      name: 'Offer letter',
      status: 'REJECTED',
      recipients: [{ email: 'd@x.test', user_type: 'APPROVER', status: 'REJECTED' }],
    },
    5,
  );
  await add('d6', owner, { name: 'Old contract', status: 'VOIDED', recipients: [{ email: 'e@x.test' }] }, 6);
  await add(
    'd7',
    owner,
    { name: 'Expired lease', status: 'EXPIRED', recipients: [{ email: 'f@x.test' }] },
    7,
  );
  await add(
    'd8',
    owner,
    {
      name: 'Archived deal',
      status: 'COMPLETED',
      archived: true,
      recipients: [{ email: 'g@x.test', status: 'SIGNED' }],
    },
    8,
  );
  await add(
    'd9',
    owner,
    {
      name: 'Owner draft',
      status: 'DRAFT',
      recipients: [{ email: 'draftee@initech.test', first_name: 'Zed' }],
    },
    9,
  );
  await add('d10', member, { name: 'Member draft', status: 'DRAFT' }, 10);
  await add(
    'd11',
    member,
    { name: 'Member sent', status: 'WAITING', recipients: [{ email: 'h@x.test' }] },
    11,
  );
  await add(
    'd12',
    owner,
    {
      name: 'Shared with member',
      status: 'COMPLETED',
      shared_with: [member.userId],
      recipients: [{ email: 'i@x.test', status: 'SIGNED' }],
    },
    12,
  );
  await add(
    'd13',
    owner,
    {
      name: 'Copied only',
      status: 'COMPLETED',
      recipients: [
        { email: 'j@x.test', status: 'SIGNED' },
        { ...me, user_type: 'CC', status: 'PENDING' },
      ],
    },
    13,
  );
  await add(
    'd14',
    owner,
    {
      name: 'Viewer doc',
      status: 'WAITING',
      recipients: [
        { email: 'k@x.test', status: 'SENT' },
        { ...me, user_type: 'VIEWER', status: 'VIEWED' },
      ],
    },
    14,
  );
  // Another company's document, to the same people: never listed in acme.
  await seedDocument(t, other.companyId, other.users.OWNER, {
    name: 'Foreign lease',
    status: 'WAITING',
    recipients: [{ email: member.email, status: 'SENT' }],
    at: 15 * DAY,
  });
  return { acme, other, owner, member, bystander, ids, nameOf: (id) => names.get(id) ?? id };
}

/** What each filter holds for the OWNER (sees everything) and the MEMBER (their part only). */
export const EXPECTED: Record<'owner' | 'member', Record<TDocumentListFilter, string[]>> = {
  owner: {
    'all-documents': ['d14', 'd13', 'd12', 'd11', 'd9', 'd7', 'd6', 'd5', 'd4', 'd3', 'd2', 'd1'],
    draft: ['d9'],
    'waiting-for-me': [],
    'waiting-for-others': ['d14', 'd11', 'd2', 'd1'],
    completed: ['d13', 'd12', 'd3'],
    declined: ['d4'],
    rejected: ['d5'],
    voided: ['d6'],
    expired: ['d7'],
    archived: ['d8'],
  },
  member: {
    'all-documents': ['d14', 'd12', 'd11', 'd10', 'd2', 'd1'],
    draft: ['d10'],
    'waiting-for-me': ['d1'],
    'waiting-for-others': ['d14', 'd11', 'd2'],
    completed: ['d12'],
    declined: [],
    rejected: [],
    voided: [],
    expired: [],
    archived: [],
  },
};
