import { useEffect, useState } from 'react';
import { act, screen, waitFor } from '@testing-library/react';
import { flushSync } from 'react-dom';
import { createRoot } from 'react-dom/client';
import { describe, expect, it } from 'vitest';
import { installFakeApi, makeSessionReply, ok, shellHandler } from '../shared/testing/fake-api';
import { staffSessionPerTest } from '../shared/testing/test-session';
import { captureStaticPage, findStaticPage, handOverStaticPage } from './hand-over';
import { renderStaticPage } from './render';
import { setRoot, takeOver, unmountAfterEach } from './take-over-for-tests';

staffSessionPerTest({ session: false, quietDebug: true });

unmountAfterEach();

/** The page as the server sends it: the build's drawing inside #root. */
async function drawnPage(path: string): Promise<HTMLElement> {
  const container = document.createElement('div');
  container.id = 'root';
  container.innerHTML = `<div data-static-page="${path}">${await renderStaticPage(path)}</div>`;
  document.body.append(container);
  return container;
}

const field = (scope: ParentNode, selector: string) => scope.querySelector<HTMLInputElement>(selector)!;

describe('a page drawn ahead of the app', () => {
  it('is the sign-in form the app draws: the same fields, labels and button', async () => {
    const container = await drawnPage('/signin');
    const drawn = findStaticPage(container)!;
    const fieldsOf = (scope: ParentNode) =>
      [...scope.querySelectorAll('form input, form button')].map(
        (element) => `${element.tagName}:${element.getAttribute('type')}:${element.getAttribute('name')}`,
      );
    const expected = fieldsOf(drawn);
    expect(expected).toEqual(expect.arrayContaining(['INPUT:email:email', 'INPUT:password:password']));
    expect(drawn.textContent).toContain('Sign in');
    await takeOver(container, '/signin');
    expect(fieldsOf(container)).toEqual(expected);
  });

  it('hands what was typed, the focus and an early submit to the app, which signs in with them', async () => {
    const api = installFakeApi(
      async (call) =>
        (call.path === '/api/signin' ? ok({ mf2a: false, ...makeSessionReply() }) : undefined) ??
        shellHandler(call),
    );
    const container = await drawnPage('/signin');
    const drawn = findStaticPage(container)!;
    field(drawn, 'input[name="email"]').value = 'ada@example.com';
    const password = field(drawn, 'input[type="password"]');
    password.value = 'secret-pass-1';
    password.focus();
    // What the page's early script does when the form is submitted before the app runs.
    drawn.querySelector('form')!.setAttribute('data-submit-pending', '');

    const router = await takeOver(container, '/signin');

    expect(findStaticPage(container)).toBeNull();
    expect(screen.getByLabelText(/^Email/)).toHaveProperty('value', 'ada@example.com');
    expect(document.activeElement).toBe(screen.getByLabelText(/^Password/));
    await waitFor(() => expect(api.callsTo('/api/signin')).toHaveLength(1));
    expect(api.callsTo('/api/signin')[0]?.body).toEqual({
      email: 'ada@example.com',
      password: 'secret-pass-1',
    });
    await waitFor(() => expect(router.state.location.pathname).not.toBe('/signin'));
  });

  it('changes nothing the visitor did not touch (a prefilled email stays) and submits nothing', async () => {
    const api = installFakeApi(shellHandler);
    const container = await drawnPage('/signin');
    await takeOver(container, '/signin?email=grace%40example.com');
    expect(screen.getByLabelText(/^Email/)).toHaveProperty('value', 'grace@example.com');
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(api.callsTo('/api/signin')).toHaveLength(0);
  });

  it('waits for a form drawn later (a screen still loading), and keeps the selection', async () => {
    const container = document.createElement('div');
    container.innerHTML =
      '<div data-static-page="/x"><form><input name="note" value=""><input type="checkbox" name="keep"></form></div>';
    document.body.append(container);
    const drawn = findStaticPage(container)!;
    const note = field(drawn, 'input[name="note"]');
    note.value = 'hello world';
    note.focus();
    note.setSelectionRange(0, 5);
    field(drawn, 'input[name="keep"]').checked = true;
    const state = captureStaticPage(drawn)!;
    expect(state.submitted).toBe(false);

    const seen: string[] = [];
    function Later() {
      const [ready, setReady] = useState(false);
      const [note, setNote] = useState('');
      const [keep, setKeep] = useState(false);
      useEffect(() => void setTimeout(() => setReady(true), 30), []);
      useEffect(() => void seen.push(`${note}|${keep}`), [note, keep]);
      if (!ready) return <p>Loading</p>;
      return (
        <form>
          <input name="note" value={note} onChange={(e) => setNote(e.target.value)} />
          <input type="checkbox" name="keep" checked={keep} onChange={(e) => setKeep(e.target.checked)} />
        </form>
      );
    }
    const root = createRoot(container);
    setRoot(root);
    act(() => {
      flushSync(() => root.render(<Later />));
      handOverStaticPage(container, state);
    });
    await waitFor(() => expect(seen).toContain('hello world|true'));
    const now = field(container, 'input[name="note"]');
    expect(document.activeElement).toBe(now);
    expect([now.selectionStart, now.selectionEnd]).toEqual([0, 5]);
  });

  it('keeps what the page showed for an early action over the app until the app shows the same', async () => {
    const container = document.createElement('div');
    container.innerHTML =
      '<div data-static-page="x"><button data-early-action="open" data-action-pending>Open</button>' +
      '<div data-early-view="open" data-early-view-until="[data-opened]"><p>Early</p></div></div>';
    document.body.append(container);
    const state = captureStaticPage(findStaticPage(container)!);
    expect(state.action).toBe('open');
    expect(state.earlyView?.textContent).toBe('Early');

    function App() {
      const [opened, setOpened] = useState(false);
      return opened ? (
        <div data-opened>Opened</div>
      ) : (
        <button data-early-action="open" onClick={() => setTimeout(() => setOpened(true), 30)}>
          Open
        </button>
      );
    }
    const root = createRoot(container);
    setRoot(root);
    act(() => {
      flushSync(() => root.render(<App />));
      handOverStaticPage(container, state);
    });
    // Over the app (outside its container) while the app opens what was asked for...
    expect(document.body.querySelector(':scope > [data-early-view]')?.textContent).toBe('Early');
    // ...and gone once the app shows it.
    await waitFor(() => expect(container.querySelector('[data-opened]')).not.toBeNull());
    await waitFor(() => expect(document.querySelector('[data-early-view]')).toBeNull());
  });
});
