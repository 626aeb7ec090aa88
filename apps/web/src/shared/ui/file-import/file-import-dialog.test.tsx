import { cleanup, fireEvent, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderWithProviders } from '../../testing/render-with-providers';
import { FileImportDialog } from './file-import-dialog';

afterEach(cleanup);

const drop = { title: 'Drop it', hint: 'CSV or XLSX', buttonLabel: 'Choose file', inputLabel: 'The file' };
const choose = (name: string) =>
  fireEvent.change(screen.getByLabelText('The file'), { target: { files: [new File(['a,b'], name)] } });

describe('FileImportDialog', () => {
  it('checks the chosen file, lets it be taken back, and uploads the one chosen', () => {
    const onSubmit = vi.fn();
    const onFileChange = vi.fn();
    renderWithProviders(
      <FileImportDialog
        onClose={() => undefined}
        title="Import things"
        intro={<p>What the file holds</p>}
        drop={drop}
        submitLabel="Import"
        onSubmit={onSubmit}
        isSubmitting={false}
        onFileChange={onFileChange}
      />,
    );
    const importButton = screen.getByRole('button', { name: 'Import' }) as HTMLButtonElement;
    expect(importButton.disabled).toBe(true);

    choose('things.pdf');
    expect(screen.getByRole('alert').textContent).toBe('Choose a CSV or XLSX file.');
    expect(importButton.disabled).toBe(true);

    choose('things.csv');
    expect(screen.getByTestId('chosen-file').textContent).toContain('things.csv');
    expect(screen.queryByRole('alert')).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'Remove things.csv' }));
    expect(screen.queryByTestId('chosen-file')).toBeNull();
    expect(onFileChange).toHaveBeenCalledTimes(3);

    choose('other.xlsx');
    fireEvent.click(screen.getByRole('button', { name: 'Import' }));
    expect((onSubmit.mock.calls[0]?.[0] as File).name).toBe('other.xlsx');
  });

  it('shows the result instead of the form, with one button to close', () => {
    const onClose = vi.fn();
    renderWithProviders(
      <FileImportDialog
        onClose={onClose}
        title="Import things"
        intro={null}
        drop={drop}
        submitLabel="Import"
        onSubmit={() => undefined}
        isSubmitting={false}
        onFileChange={() => undefined}
        result={<p>3 added</p>}
        doneLabel="Done"
      />,
    );
    expect(screen.getByText('3 added')).toBeTruthy();
    expect(screen.queryByLabelText('The file')).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'Done' }));
    expect(onClose).toHaveBeenCalled();
  });
});
