import { describe, expect, it } from 'vitest';
import { nudged } from './builder-grid';
import { bottomOf, isComplete, newWidget, widgetErrors, withLayout } from './builder-state';
import { chartPoints, groupLabel, statBody } from './widget-data';
import { chartWidget, statWidget } from './dashboards-test-utils';

describe('builder state', () => {
  it('adds a widget under the others, incomplete until its entity is chosen', () => {
    const widget = newWidget('CHART', [statWidget, chartWidget]);
    expect(widget.layout).toEqual({ x: 0, y: bottomOf([statWidget, chartWidget]), w: 6, h: 7 });
    expect(widget.layout.y).toBe(7);
    expect(isComplete(widget)).toBe(false);
    expect(isComplete(statWidget)).toBe(true);
  });

  it('keeps moves and sizes within the grid', () => {
    expect(nudged(statWidget, { x: -1 }).layout.x).toBe(0);
    expect(nudged({ ...statWidget, layout: { x: 9, y: 0, w: 3, h: 3 } }, { x: 1 }).layout.x).toBe(9);
    expect(nudged({ ...statWidget, layout: { x: 9, y: 0, w: 3, h: 3 } }, { w: 1 }).layout).toEqual({
      x: 8,
      y: 0,
      w: 4,
      h: 3,
    });
    expect(nudged(statWidget, { h: -5 }).layout.h).toBe(1);
  });

  it('takes the grid places and keeps unchanged widgets as they are', () => {
    const moved = withLayout(
      [statWidget, chartWidget],
      [
        { i: 'w-stat', x: 0, y: 0, w: 3, h: 3 },
        { i: 'w-chart', x: 11, y: 2, w: 6, h: 7 },
      ],
    );
    expect(moved[0]).toBe(statWidget);
    expect(moved[1]!.layout).toEqual({ x: 6, y: 2, w: 6, h: 7 });
  });

  it('reads the 422 details of one widget', () => {
    expect(
      widgetErrors({ 'widgets.1.group_by': 'Not a field', 'widgets.10.x': 'other', name: 'n' }, 1),
    ).toEqual({
      group_by: 'Not a field',
    });
  });
});

describe('widget data', () => {
  it('sends no nulls and no value field for a count', () => {
    expect(statBody({ ...statWidget, type: 'STAT', value_field: 't1#amount' } as never)).toEqual({
      entity_id: statWidget.type === 'STAT' ? statWidget.entity_id : '',
      apply_global_filters: false,
      metric: 'COUNT',
    });
  });

  it('orders date groups in time and names them', () => {
    const byMonth = { ...chartWidget, date_bucket: 'month' } as Parameters<typeof chartPoints>[1];
    const points = chartPoints(
      [
        { key: '2026-03', value: 5 },
        { key: null, value: 1 },
        { key: '2026-01', value: 9 },
      ],
      byMonth,
      { ref: 'd', label: 'Date', type: 'DATE' },
    );
    expect(points.map((p) => p.label)).toEqual(['Jan 2026', 'Mar 2026', 'No value']);
    expect(
      groupLabel(
        'won',
        { ref: 's', label: 'S', type: 'SELECT', options: [{ value: 'won', label: 'Won' }] },
        null,
      ),
    ).toBe('Won');
  });
});

describe('placing a new widget', () => {
  it('goes beside the others when there is room, else under them', () => {
    expect(newWidget('STAT', [statWidget, chartWidget]).layout).toMatchObject({ x: 9, y: 0 });
    expect(newWidget('TABLE', [statWidget, chartWidget]).layout).toMatchObject({ x: 0, y: 7, w: 12 });
    expect(newWidget('STAT', []).layout).toMatchObject({ x: 0, y: 0 });
  });
});
