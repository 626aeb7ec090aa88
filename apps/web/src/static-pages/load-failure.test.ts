import { afterEach, describe, expect, it, vi } from 'vitest';
import { showLoadFailure } from './load-failure';

afterEach(() => {
  document.body.innerHTML = '';
  vi.unstubAllGlobals();
});

describe('the app’s code could not be loaded', () => {
  it('says so over the page, once, with a button that loads the page again', () => {
    document.body.innerHTML = '<div id="root"><div data-static-page="/signin"><form></form></div></div>';
    const reload = vi.fn();
    vi.stubGlobal('location', { ...window.location, reload });
    showLoadFailure();
    showLoadFailure();
    const notices = document.querySelectorAll('[role="alert"]');
    expect(notices).toHaveLength(1);
    expect(notices[0]?.textContent).toContain('could not finish loading');
    // The page drawn ahead stays readable under it.
    expect(document.querySelector('[data-static-page] form')).not.toBeNull();
    notices[0]!.querySelector('button')!.click();
    expect(reload).toHaveBeenCalledOnce();
  });
});
