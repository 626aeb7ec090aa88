import { useState } from 'react';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import type { TFilterGroupInput } from '@esigns/contracts/nocode-filters';
import type { FieldErrors } from '../../shared/api/api-error';
import { installFakeApi, ok } from '../../shared/testing/fake-api';
import { renderWithProviders } from '../../shared/testing/render-with-providers';
import { staffSessionPerTest } from '../../shared/testing/test-session';
import { ENTITY_ID, PROPERTY_FIELDS, ref } from './entity-views-test-utils';
import { FilterBuilder } from './filter-builder';

function Harness({
  initial = { match: 'ALL', rules: [] },
  errors,
  onValue,
}: {
  initial?: TFilterGroupInput;
  errors?: FieldErrors;
  onValue: (value: TFilterGroupInput) => void;
}) {
  const [value, setValue] = useState<TFilterGroupInput>(initial);
  return (
    <FilterBuilder
      entityId={ENTITY_ID}
      value={value}
      errors={errors}
      onChange={(next) => {
        setValue(next);
        onValue(next);
      }}
    />
  );
}

const pick = async (combobox: string, option: string) => {
  fireEvent.click(screen.getByRole('combobox', { name: combobox }));
  fireEvent.click(await screen.findByRole('option', { name: option }));
};

staffSessionPerTest();

describe('FilterBuilder', () => {
  it("offers the entity's fields from GET /template-fields and builds a range rule", async () => {
    const api = installFakeApi((call) =>
      call.path === '/api/template-fields' ? ok(PROPERTY_FIELDS) : undefined,
    );
    const onValue = vi.fn();
    renderWithProviders(<Harness onValue={onValue} />);
    fireEvent.click(await screen.findByRole('button', { name: 'Add rule' }));
    expect(api.callsTo('/api/template-fields')[0]?.url).toBe(`/api/template-fields?entity_id=${ENTITY_ID}`);
    expect(onValue).toHaveBeenLastCalledWith({
      match: 'ALL',
      rules: [{ field: 'title', operator: 'EQUALS', value: undefined }],
    });

    await pick('Field of rule 1', 'Price');
    await pick('Operator of rule 1', 'between');
    fireEvent.change(screen.getByRole('textbox', { name: 'Value of rule 1 from' }), {
      target: { value: '100' },
    });
    fireEvent.change(screen.getByRole('textbox', { name: 'Value of rule 1 to' }), {
      target: { value: '900' },
    });
    await waitFor(() =>
      expect(onValue).toHaveBeenLastCalledWith({
        match: 'ALL',
        rules: [{ field: ref('price'), operator: 'BETWEEN', value: [100, 900] }],
      }),
    );
  });

  it('offers only the operators a field takes, options of choice fields, and no value for "is empty"', async () => {
    installFakeApi(() => undefined);
    const onValue = vi.fn();
    renderWithProviders(
      <FilterBuilder
        entityId={ENTITY_ID}
        fields={PROPERTY_FIELDS}
        value={{ match: 'ALL', rules: [{ field: ref('status'), operator: 'EQUALS', value: undefined }] }}
        onChange={onValue}
      />,
    );
    fireEvent.click(screen.getByRole('combobox', { name: 'Operator of rule 1' }));
    expect(await screen.findByRole('option', { name: 'contains' })).toBeTruthy();
    expect(screen.queryByRole('option', { name: 'greater than' })).toBeNull();
    fireEvent.click(screen.getByRole('option', { name: 'is empty' }));
    expect(onValue).toHaveBeenLastCalledWith({
      match: 'ALL',
      rules: [{ field: ref('status'), operator: 'IS_EMPTY', value: undefined }],
    });

    await pick('Value of rule 1', 'Sold');
    expect(onValue).toHaveBeenLastCalledWith({
      match: 'ALL',
      rules: [{ field: ref('status'), operator: 'EQUALS', value: 'Sold' }],
    });
  });

  it('switches between all and any rules, removes rules and shows the server messages by key', async () => {
    installFakeApi((call) => (call.path === '/api/template-fields' ? ok(PROPERTY_FIELDS) : undefined));
    const onValue = vi.fn();
    renderWithProviders(
      <Harness
        onValue={onValue}
        initial={{
          match: 'ALL',
          rules: [
            { field: ref('price'), operator: 'GREATER_THAN', value: 'lots' },
            { field: ref('listed'), operator: 'IS_NOT_EMPTY' },
          ],
        }}
        errors={{
          'filters.rules.0.value': 'Give a number',
          'filters.rules.1.field': 'Not a field of this entity',
        }}
      />,
    );
    expect(await screen.findByText('Give a number')).toBeTruthy();
    expect(screen.getByText('Not a field of this entity')).toBeTruthy();
    expect(screen.queryByRole('textbox', { name: 'Value of rule 2' })).toBeNull();

    fireEvent.click(screen.getByText('any rule'));
    expect(onValue).toHaveBeenLastCalledWith(expect.objectContaining({ match: 'ANY' }));
    fireEvent.click(screen.getByRole('button', { name: 'Remove rule 1' }));
    expect(onValue).toHaveBeenLastCalledWith({
      match: 'ANY',
      rules: [{ field: ref('listed'), operator: 'IS_NOT_EMPTY' }],
    });
    expect(screen.getAllByTestId('filter-rule')).toHaveLength(1);
    expect(screen.queryByText('Records match')).toBeNull();
  });
});
