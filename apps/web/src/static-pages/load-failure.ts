/**
 * What the page shows when the app's own code could not be loaded (main.tsx: the network dropped
 * while its scripts downloaded): a notice over whatever is on screen (a page drawn ahead stays
 * readable, but none of its buttons would work), with a way to load it again. Plain DOM: the app's
 * components are what failed to load.
 */
export function showLoadFailure(): void {
  if (document.getElementById('app-load-failure')) return;
  const notice = document.createElement('div');
  notice.id = 'app-load-failure';
  notice.setAttribute('role', 'alert');
  Object.assign(notice.style, {
    position: 'fixed',
    insetInline: '0',
    top: '0',
    zIndex: '1000',
    padding: '12px 16px',
    background: 'var(--mantine-color-red-0, #fff5f5)',
    borderBottom: '1px solid var(--mantine-color-red-3, #ffa8a8)',
    color: 'var(--mantine-color-red-9, #c92a2a)',
    font: '15px/1.4 system-ui, sans-serif',
    textAlign: 'center',
  });
  notice.append('The page could not finish loading. Check your connection, then ');
  const reload = document.createElement('button');
  reload.type = 'button';
  reload.textContent = 'load it again';
  Object.assign(reload.style, { font: 'inherit', fontWeight: '600', textDecoration: 'underline' });
  Object.assign(reload.style, {
    background: 'none',
    border: '0',
    padding: '0',
    color: 'inherit',
    cursor: 'pointer',
  });
  reload.addEventListener('click', () => window.location.reload());
  notice.append(reload, '.');
  document.body.prepend(notice);
}
