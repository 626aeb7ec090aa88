import { cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { resetApiClient } from '../api/api-client';
import { installFakeApi, ok } from '../testing/fake-api';
import { renderWithProviders } from '../testing/render-with-providers';
import { IconPicker, filterIcons, type PickerIcon } from './icon-picker';

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
  resetApiClient();
});

const icons: PickerIcon[] = [
  { _id: '1', name: 'Home', content: '<svg/>', type: 'FILL' },
  { _id: '2', name: 'home-outline', content: '<svg/>', type: 'OUTLINE' },
  { _id: '3', name: 'Arrow Left', content: '<svg/>', type: 'FILL' },
  { _id: '4', name: 'WAREHOUSE', content: '<svg/>', type: 'FILL' },
];

const ids = (list: PickerIcon[]) => list.map((i) => i._id);

describe('filterIcons', () => {
  it('keeps only the chosen type', () => {
    expect(ids(filterIcons(icons, '', 'FILL'))).toEqual(['1', '3', '4']);
    expect(ids(filterIcons(icons, '', 'OUTLINE'))).toEqual(['2']);
  });

  it('matches a case-insensitive substring of the name', () => {
    expect(ids(filterIcons(icons, 'HOME', 'FILL'))).toEqual(['1']);
    expect(ids(filterIcons(icons, 'ho', 'FILL'))).toEqual(['1', '4']);
    expect(ids(filterIcons(icons, 'ow l', 'FILL'))).toEqual(['3']);
    expect(ids(filterIcons(icons, 'home', 'OUTLINE'))).toEqual(['2']);
  });

  it('ignores surrounding spaces and treats an empty query as everything', () => {
    expect(ids(filterIcons(icons, '  arrow ', 'FILL'))).toEqual(['3']);
    expect(ids(filterIcons(icons, null, 'FILL'))).toHaveLength(3);
    expect(ids(filterIcons(icons, undefined, 'FILL'))).toHaveLength(3);
  });

  it('finds nothing for an unknown name or an empty list', () => {
    expect(filterIcons(icons, 'zzz', 'FILL')).toEqual([]);
    expect(filterIcons([], 'home', 'FILL')).toEqual([]);
  });

  it('treats regex characters literally', () => {
    expect(filterIcons(icons, '.*', 'FILL')).toEqual([]);
  });
});

describe('IconPicker', () => {
  const library: PickerIcon[] = [
    {
      _id: 'a',
      name: 'Star',
      content: '<svg viewBox="0 0 1 1" onload="alert(1)"><path d="M0 0"/></svg>',
      type: 'OUTLINE',
    },
    { _id: 'b', name: 'Start flag', content: '<div>not an svg</div>', type: 'OUTLINE' },
    { _id: 'c', name: 'Heart', content: '<svg viewBox="0 0 1 1"><circle r="1"/></svg>', type: 'FILL' },
  ];

  it('searches, switches type and picks an icon', () => {
    const onChange = vi.fn();
    const { container } = renderWithProviders(<IconPicker icons={library} onChange={onChange} />);
    const search = screen.getByPlaceholderText('Search icons...');
    expect(screen.getAllByRole('option').map((o) => o.getAttribute('aria-label'))).toEqual([
      'Star',
      'Start flag',
    ]);
    expect(container.innerHTML).not.toContain('onload');
    // Markup that is not an <svg> is not rendered; the name shows instead.
    expect(container.innerHTML).not.toContain('not an svg');

    fireEvent.change(search, { target: { value: 'FLAG' } });
    expect(screen.getAllByRole('option').map((o) => o.getAttribute('aria-label'))).toEqual(['Start flag']);

    fireEvent.change(search, { target: { value: '' } });
    fireEvent.click(screen.getByText('FILL'));
    expect(screen.getAllByRole('option').map((o) => o.getAttribute('aria-label'))).toEqual(['Heart']);
    fireEvent.click(screen.getByRole('option', { name: 'Heart' }));
    expect(onChange).toHaveBeenCalledWith(library[2]);

    fireEvent.change(search, { target: { value: 'zzz' } });
    expect(screen.getByText(/No icons match/)).toBeTruthy();
  });
});

describe('IconPicker with the icon library', () => {
  const svg = (d: string) =>
    `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 24 24"><path d="${d}"/></svg>`;
  const library: PickerIcon[] = Array.from({ length: 600 }, (_, i) => ({
    _id: i % 2 ? `shape-${i}-filled` : `shape-${i}`,
    name: `shape-${i}`,
    content: svg(`M${i} 0`),
    type: i % 2 ? 'FILL' : 'OUTLINE',
  }));

  it('loads the icons once from the API and draws them as images, virtualised', async () => {
    // jsdom has no layout: give the scrolling viewport a size.
    vi.spyOn(HTMLElement.prototype, 'clientHeight', 'get').mockReturnValue(280);
    vi.spyOn(HTMLElement.prototype, 'clientWidth', 'get').mockReturnValue(350);
    const api = installFakeApi((call) => (call.path === '/api/icons/getAllIcons' ? ok(library) : undefined));
    const onChange = vi.fn();
    const { container } = renderWithProviders(<IconPicker value="shape-4" onChange={onChange} />);
    expect(screen.getByLabelText('Loading icons')).toBeTruthy();
    await screen.findByText('300 icons');
    const options = screen.getAllByRole('option');
    // Only the rows in view (and a few more) are in the page.
    expect(options.length).toBeGreaterThan(7);
    expect(options.length).toBeLessThan(150);
    const img = options[0]!.querySelector('img')!;
    expect(img.getAttribute('src')).toMatch(/^data:image\/svg\+xml;charset=utf-8,%3Csvg/);
    expect(container.querySelector('[role="listbox"] svg')).toBeNull();
    expect(screen.getByRole('option', { name: 'shape-4' }).getAttribute('aria-selected')).toBe('true');

    fireEvent.change(screen.getByPlaceholderText('Search icons...'), { target: { value: 'SHAPE-59' } });
    await waitFor(() =>
      expect(screen.getAllByRole('option').map((o) => o.getAttribute('aria-label'))).toEqual([
        'shape-590',
        'shape-592',
        'shape-594',
        'shape-596',
        'shape-598',
      ]),
    );
    fireEvent.click(screen.getByRole('option', { name: 'shape-592' }));
    expect(onChange).toHaveBeenCalledWith(library[592]);
    expect(api.callsTo('/api/icons/getAllIcons')).toHaveLength(1);
  });

  it('opens on the FILL icons when the chosen one is filled, and offers a retry when loading fails', async () => {
    installFakeApi((call) => (call.path === '/api/icons/getAllIcons' ? ok(library.slice(0, 6)) : undefined));
    renderWithProviders(<IconPicker value="shape-1-filled" />);
    await screen.findByText('3 icons');
    expect(screen.getAllByRole('option').map((o) => o.getAttribute('aria-label'))).toEqual([
      'shape-1',
      'shape-3',
      'shape-5',
    ]);
    cleanup();
    installFakeApi(() => undefined);
    renderWithProviders(<IconPicker />);
    expect(await screen.findByText('The icons could not be loaded.')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Try again' })).toBeTruthy();
  });
});
