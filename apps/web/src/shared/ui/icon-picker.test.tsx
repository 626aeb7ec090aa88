import { cleanup, fireEvent, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderWithProviders } from '../testing/render-with-providers';
import { IconPicker, filterIcons, type PickerIcon } from './icon-picker';

afterEach(cleanup);

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
