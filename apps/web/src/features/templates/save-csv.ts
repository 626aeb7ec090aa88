/** Saves CSV text as a download named after `name` (`<name> - <suffix>.csv`). */
export function saveCsv(text: string, name: string, suffix: string): void {
  if (typeof URL.createObjectURL !== 'function') return;
  const url = URL.createObjectURL(new Blob([text], { type: 'text/csv;charset=utf-8' }));
  const link = document.createElement('a');
  link.href = url;
  link.download = `${name.replace(/[^\p{L}\p{N} _-]+/gu, '').trim() || 'template'} - ${suffix}.csv`;
  document.body.appendChild(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 1000);
}
