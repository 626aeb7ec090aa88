import { useState } from 'react';
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { Button } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { IconUsers } from '@tabler/icons-react';
import { MemoryRouter } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { TPaged } from '@esigns/contracts/envelope';
import { ApiError } from '../../api/api-error';
import { installDomPolyfills, renderWithProviders } from '../../testing/render-with-providers';
import {
  DeleteDialog,
  IconActions,
  ListScreen,
  ListView,
  MoveButtons,
  PHONE_QUERY,
  RowMenu,
  useDeleteConfirm,
  useListQuery,
  useRowSelection,
  type ListColumn,
  type ListParams,
} from './index';

type Person = { _id: string; name: string; team: string };
type Filters = { team: string };
type Params = ListParams<Filters, 'name' | '-name'>;

const PEOPLE: Person[] = Array.from({ length: 25 }, (_, i) => ({
  _id: `p${i + 1}`,
  name: `Person ${String(i + 1).padStart(2, '0')}`,
  team: i % 2 ? 'blue' : 'red',
}));

/** A fake server: filters by team and search, sorts by name, pages. */
function serve(params: Params): Promise<TPaged<Person>> {
  let rows = PEOPLE.filter(
    (p) => (!params.team || p.team === params.team) && (!params.search || p.name.includes(params.search)),
  );
  if (params.sort === '-name') rows = [...rows].reverse();
  const page = rows.slice((params.page - 1) * params.limit, params.page * params.limit);
  return Promise.resolve({
    data: page,
    total: rows.length,
    page: params.page,
    total_pages: Math.ceil(rows.length / params.limit),
  });
}

const COLUMNS: ListColumn<Person>[] = [
  { key: 'name', header: 'Name', sortField: 'name', cell: (p) => p.name },
  { key: 'team', header: 'Team', cell: (p) => p.team },
  { key: 'actions', header: '', label: 'Actions', cell: () => null },
];

const TEAMS = [
  { value: '', label: 'Any team' },
  { value: 'red', label: 'Red' },
  { value: 'blue', label: 'Blue' },
];

const rights = { isLoading: false, error: null, refetch: () => {} };

function People({ queryFn = serve, select = false }: { queryFn?: typeof serve; select?: boolean }) {
  const list = useListQuery({
    pageSize: 10,
    sort: 'name' as 'name' | '-name',
    filters: { team: '' } as Filters,
    queryKey: (params) => ['people', params],
    queryFn,
  });
  const selection = useRowSelection<Person>();
  return (
    <ListScreen
      title="People"
      rights={rights}
      list={list}
      noAccess="You cannot see people."
      search={{ label: 'Search people', placeholder: 'Name' }}
      selects={[{ key: 'team', label: 'Team', data: TEAMS }]}
    >
      <div data-testid="page">{list.page}</div>
      <ListView
        list={list}
        errorTitle="Could not load the people"
        empty={{
          icon: IconUsers,
          title: 'No people yet',
          text: 'Add someone.',
          actions: <Button>Add person</Button>,
          testId: 'people-empty',
          filtered: { title: 'No people match', text: 'Try another search.' },
        }}
        columns={COLUMNS}
        rowTestId="person-row"
        rowLabel={(p) => p.name}
        minWidth={400}
        selection={select ? selection : undefined}
        bulkActions={<Button onClick={() => selection.clear()}>Archive</Button>}
      />
    </ListScreen>
  );
}

const names = () =>
  screen.getAllByTestId('person-row').map((row) => within(row).getAllByRole('cell')[0]!.textContent);

afterEach(() => {
  notifications.clean();
  cleanup();
});

describe('useListQuery with ListView', () => {
  it('shows skeleton rows, then the rows, the range and the pages', async () => {
    renderWithProviders(<People />);
    expect(screen.getAllByRole('row').length).toBeGreaterThan(1);
    expect(screen.queryAllByTestId('person-row')).toHaveLength(0);
    await waitFor(() => expect(screen.getAllByTestId('person-row')).toHaveLength(10));
    expect(screen.getByText('1-10 of 25')).toBeTruthy();
    expect(screen.getByRole('columnheader', { name: 'Actions' })).toBeTruthy();

    fireEvent.click(screen.getByRole('button', { name: '3' }));
    await waitFor(() => expect(names()[0]).toBe('Person 21'));
    expect(screen.getByText('21-25 of 25')).toBeTruthy();
  });

  it('goes back to page 1 when the sort, a filter or the settled search changes', async () => {
    renderWithProviders(<People />);
    await screen.findByText('1-10 of 25');

    fireEvent.click(screen.getByRole('button', { name: '2' }));
    await screen.findByText('11-20 of 25');
    fireEvent.click(screen.getByRole('button', { name: 'Name' }));
    await waitFor(() => expect(names()[0]).toBe('Person 25'));
    expect(screen.getByTestId('page').textContent).toBe('1');
    expect(screen.getByRole('columnheader', { name: 'Name' }).getAttribute('aria-sort')).toBe('descending');

    fireEvent.click(screen.getByRole('button', { name: '2' }));
    await screen.findByText('11-20 of 25');
    fireEvent.change(screen.getByLabelText('Team'), { target: { value: 'blue' } });
    expect(screen.getByTestId('page').textContent).toBe('1');
    await screen.findByText('1-10 of 12');

    fireEvent.click(screen.getByRole('button', { name: '2' }));
    await screen.findByText('11-12 of 12');
    fireEvent.change(screen.getByLabelText('Search people'), { target: { value: ' Person 1' } });
    // The page stays until typing settles, then the search starts again at page 1.
    expect(screen.getByTestId('page').textContent).toBe('2');
    await waitFor(() => expect(screen.getByTestId('page').textContent).toBe('1'));
    await waitFor(() =>
      expect(names()).toEqual(['Person 18', 'Person 16', 'Person 14', 'Person 12', 'Person 10']),
    );
  });

  it('says "no match" while narrowed, "none yet" with its actions otherwise', async () => {
    renderWithProviders(<People queryFn={(params) => serve({ ...params, search: 'nobody' })} />);
    const empty = await screen.findByTestId('people-empty');
    expect(within(empty).getByText('No people yet')).toBeTruthy();
    expect(within(empty).getByRole('button', { name: 'Add person' })).toBeTruthy();
    expect(screen.queryByText(/of 0/)).toBeNull();

    fireEvent.change(screen.getByLabelText('Team'), { target: { value: 'red' } });
    await waitFor(() =>
      expect(within(screen.getByTestId('people-empty')).getByText('No people match')).toBeTruthy(),
    );
    expect(within(screen.getByTestId('people-empty')).queryByRole('button')).toBeNull();
  });

  it('shows a failure with a retry, and no pager', async () => {
    const queryFn = vi
      .fn<typeof serve>()
      .mockRejectedValueOnce(new Error('The server is down'))
      .mockImplementation(serve);
    renderWithProviders(<People queryFn={queryFn} />);
    const failure = await screen.findByTestId('load-error');
    expect(within(failure).getByText('Could not load the people')).toBeTruthy();
    expect(within(failure).getByText('The server is down')).toBeTruthy();
    expect(screen.queryByRole('navigation')).toBeNull();
    fireEvent.click(within(failure).getByRole('button', { name: 'Try again' }));
    await waitFor(() => expect(screen.getAllByTestId('person-row')).toHaveLength(10));
  });

  it('shows "no access" for a 403 instead of the filters and the list', async () => {
    const forbidden = () => Promise.reject(new ApiError({ status: 403, message: 'Forbidden' }));
    renderWithProviders(<People queryFn={forbidden} />);
    const message = await screen.findByTestId('no-access');
    expect(message.textContent).toContain('You cannot see people. Ask an owner or admin if you need access.');
    expect(screen.queryByLabelText('Search people')).toBeNull();
  });
});

describe('row selection', () => {
  it('ticks rows one by one or the whole page, and offers the bulk actions while any is ticked', async () => {
    renderWithProviders(<People select />);
    await waitFor(() => expect(screen.getAllByTestId('person-row')).toHaveLength(10));
    expect(screen.queryByRole('toolbar')).toBeNull();

    fireEvent.click(screen.getByRole('checkbox', { name: 'Select Person 02' }));
    const bar = screen.getByRole('toolbar', { name: 'Actions on the selected rows' });
    expect(within(bar).getByText('1 selected')).toBeTruthy();
    const all = screen.getByRole('checkbox', { name: 'Select all rows' }) as HTMLInputElement;
    expect(all.checked).toBe(false);

    fireEvent.click(all);
    expect(within(bar).getByText('10 selected')).toBeTruthy();
    expect((screen.getByRole('checkbox', { name: 'Select all rows' }) as HTMLInputElement).checked).toBe(
      true,
    );
    fireEvent.click(screen.getByRole('checkbox', { name: 'Select all rows' }));
    expect(screen.queryByRole('toolbar')).toBeNull();

    fireEvent.click(screen.getByRole('checkbox', { name: 'Select Person 03' }));
    fireEvent.click(within(screen.getByRole('toolbar')).getByRole('button', { name: 'Archive' }));
    expect(screen.queryByRole('toolbar')).toBeNull();
  });

  it('keeps what is ticked across pages until cleared', async () => {
    renderWithProviders(<People select />);
    await waitFor(() => expect(screen.getAllByTestId('person-row')).toHaveLength(10));
    fireEvent.click(screen.getByRole('checkbox', { name: 'Select Person 01' }));
    fireEvent.click(screen.getByRole('button', { name: '2' }));
    fireEvent.click(await screen.findByRole('checkbox', { name: 'Select Person 11' }));
    expect(screen.getByText('2 selected')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Clear selection' }));
    expect(screen.queryByText(/selected$/)).toBeNull();
  });
});

function Deleting({ remove }: { remove: (person: Person) => Promise<unknown> }) {
  const [rows] = useState(PEOPLE.slice(0, 2));
  const del = useDeleteConfirm({
    remove,
    invalidate: ['people'],
    notice: (person) => ({ title: 'Person deleted', message: person.name }),
  });
  return (
    <>
      {rows.map((person) => (
        <Button key={person._id} onClick={() => del.ask(person)}>
          Delete {person.name}
        </Button>
      ))}
      <DeleteDialog confirm={del} title="Delete person">
        {(person) => <>Delete {person.name}? Their documents stay.</>}
      </DeleteDialog>
    </>
  );
}

describe('useDeleteConfirm with DeleteDialog', () => {
  it('asks first, keeps a refusal in the dialog, then deletes and says so', async () => {
    const remove = vi
      .fn<(person: Person) => Promise<unknown>>()
      .mockRejectedValueOnce(new ApiError({ status: 409, message: 'Person 01 still owns documents' }))
      .mockResolvedValue(undefined);
    renderWithProviders(<Deleting remove={remove} />);

    fireEvent.click(screen.getByRole('button', { name: 'Delete Person 01' }));
    const dialog = await screen.findByRole('dialog', { name: 'Delete person' });
    expect(within(dialog).getByText('Delete Person 01? Their documents stay.')).toBeTruthy();
    fireEvent.click(within(dialog).getByRole('button', { name: 'Delete' }));
    expect(await within(dialog).findByText('Person 01 still owns documents')).toBeTruthy();

    fireEvent.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    fireEvent.click(screen.getByRole('button', { name: 'Delete Person 01' }));
    const again = await screen.findByRole('dialog', { name: 'Delete person' });
    expect(within(again).queryByText('Person 01 still owns documents')).toBeNull();

    fireEvent.click(within(again).getByRole('button', { name: 'Delete' }));
    expect(await screen.findByText('Person deleted')).toBeTruthy();
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(remove).toHaveBeenLastCalledWith(PEOPLE[0], expect.anything());
  });
});

describe('cards on phones, row actions', () => {
  it('shows cards instead of the table on a phone, with the card parts', async () => {
    installDomPolyfills();
    const wide = window.matchMedia;
    vi.stubGlobal('matchMedia', (query: string) => ({ ...wide(query), matches: query === PHONE_QUERY }));
    try {
      renderWithProviders(<Cards />);
      const cards = await screen.findAllByTestId('person-card');
      expect(cards).toHaveLength(10);
      expect(screen.queryByRole('table')).toBeNull();
      expect(within(cards[0]!).getByText('Person 01')).toBeTruthy();
      expect(within(cards[0]!).getByText('red team')).toBeTruthy();
      fireEvent.click(within(cards[0]!).getByRole('button', { name: 'More actions for Person 01' }));
      expect((await screen.findByRole('menuitem', { name: 'Open' })).getAttribute('href')).toBe('/people/p1');
      expect(screen.queryByRole('menuitem', { name: 'Delete' })).toBeNull();
    } finally {
      vi.unstubAllGlobals();
    }
  });

  it('offers a row its icon actions, or what stands in when it has none', () => {
    const onEdit = vi.fn();
    renderWithProviders(
      <>
        <IconActions
          actions={[{ tip: 'Edit', label: 'Edit Sales', icon: IconUsers, onClick: onEdit }, false]}
        />
        <div data-testid="none">
          <IconActions actions={[false]} whenNone="—" />
        </div>
      </>,
    );
    fireEvent.click(screen.getByRole('button', { name: 'Edit Sales' }));
    expect(onEdit).toHaveBeenCalledTimes(1);
    expect(screen.getByTestId('none').textContent).toBe('—');
  });

  it('moves an item up or down, never past the ends', () => {
    const onMove = vi.fn();
    renderWithProviders(<MoveButtons label="Sales" index={0} count={2} onMove={onMove} />);
    expect((screen.getByRole('button', { name: 'Move Sales up' }) as HTMLButtonElement).disabled).toBe(true);
    fireEvent.click(screen.getByRole('button', { name: 'Move Sales down' }));
    expect(onMove).toHaveBeenCalledWith(1);
  });
});

function Cards() {
  const list = useListQuery<Person>({
    pageSize: 10,
    queryKey: (params) => ['cards', params],
    queryFn: (params) => serve({ ...params, team: undefined }),
  });
  return (
    <MemoryRouter>
      <ListView
        list={list}
        errorTitle="Could not load the people"
        empty={{ icon: IconUsers, title: 'No people yet' }}
        columns={COLUMNS}
        rowTestId="person-card"
        minWidth={400}
        card={(person) => ({
          title: person.name,
          actions: (
            <RowMenu
              label={`More actions for ${person.name}`}
              items={[{ label: 'Open', icon: null, to: `/people/${person._id}` }, false]}
            />
          ),
          meta: `${person.team} team`,
        })}
      />
    </MemoryRouter>
  );
}
