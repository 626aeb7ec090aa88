/**
 * The app taking over a static page (pages.ts): before the app's first drawing replaces the
 * page's markup, what the visitor did on it is read (values typed or filled in by the browser,
 * the focused field and its selection, a submit asked for: early-script.js marks the form);
 * after it, the same is done on the app's form, field by field in the same order (both forms are
 * drawn by the same components), through the fields' own input events so that the screen's state
 * follows; a button pressed early (`data-early-action`) is pressed on the app's page, and what the
 * page showed for it (`data-early-view`) stays over the app until the app shows the same. A form
 * or button not there at once (a screen still loading) is waited for, up to WAIT_MS.
 */
export type StaticPageState = {
  /** Fields whose value differs from what the page was drawn with, by index in `form.elements`. */
  changed: Array<{ index: number; value: string; checked: boolean }>;
  focused: number | null;
  selection: { start: number; end: number } | null;
  submitted: boolean;
  /** A button pressed before the app ran (`data-early-action`, marked by the page's early script). */
  action: string | null;
  /** What the page showed for that action (`data-early-view`), kept over the app until it shows the same. */
  earlyView: HTMLElement | null;
};

const NO_FORM = { changed: [], focused: null, selection: null, submitted: false };

const WAIT_MS = 10_000;

type Field = HTMLInputElement | HTMLTextAreaElement | HTMLSelectElement;

const isField = (element: Element): element is Field =>
  element instanceof HTMLInputElement ||
  element instanceof HTMLTextAreaElement ||
  element instanceof HTMLSelectElement;

function wasChanged(field: Field): boolean {
  if (field instanceof HTMLInputElement && (field.type === 'checkbox' || field.type === 'radio')) {
    return field.checked !== field.defaultChecked;
  }
  if (field instanceof HTMLSelectElement)
    return [...field.options].some((o) => o.selected !== o.defaultSelected);
  return field.value !== field.defaultValue;
}

/** The static page drawn inside the app's container, if the server sent one. */
export function findStaticPage(container: HTMLElement): HTMLElement | null {
  return container.querySelector<HTMLElement>(':scope > [data-static-page]');
}

export function captureStaticPage(page: HTMLElement): StaticPageState {
  const action = page.querySelector('[data-action-pending]')?.getAttribute('data-early-action') ?? null;
  const earlyView =
    [...page.querySelectorAll<HTMLElement>('[data-early-view]')].find(
      (view) => !view.hidden && view.getAttribute('data-early-view') === action,
    ) ?? null;
  const form = page.querySelector('form');
  if (!form) return { ...NO_FORM, action, earlyView };
  const elements = [...form.elements];
  const changed = elements.flatMap((element, index) =>
    isField(element) && wasChanged(element)
      ? [{ index, value: element.value, checked: element instanceof HTMLInputElement && element.checked }]
      : [],
  );
  const active = document.activeElement;
  const focused = active ? elements.indexOf(active) : -1;
  let selection: StaticPageState['selection'] = null;
  if (active instanceof HTMLInputElement || active instanceof HTMLTextAreaElement) {
    try {
      if (active.selectionStart !== null && active.selectionEnd !== null) {
        selection = { start: active.selectionStart, end: active.selectionEnd };
      }
    } catch {
      // an email field has no selection to read
    }
  }
  return {
    changed,
    focused: focused >= 0 ? focused : null,
    selection,
    submitted: form.hasAttribute('data-submit-pending'),
    action,
    earlyView,
  };
}

/** Sets a field's value as typing would: React's change tracking sees the new value. */
function enter(field: Field, value: string, checked: boolean): void {
  if (field instanceof HTMLInputElement && (field.type === 'checkbox' || field.type === 'radio')) {
    if (field.checked !== checked) field.click();
    return;
  }
  const prototype = Object.getPrototypeOf(field) as object;
  const setter = Object.getOwnPropertyDescriptor(prototype, 'value')?.set;
  if (setter) setter.call(field, value);
  else field.value = value;
  field.dispatchEvent(new Event('input', { bubbles: true }));
  if (field instanceof HTMLSelectElement) field.dispatchEvent(new Event('change', { bubbles: true }));
}

function apply(form: HTMLFormElement, state: StaticPageState): void {
  const elements = [...form.elements];
  for (const { index, value, checked } of state.changed) {
    const field = elements[index];
    if (field && isField(field)) enter(field, value, checked);
  }
  const focused = state.focused === null ? undefined : elements[state.focused];
  if (focused instanceof HTMLElement) {
    focused.focus();
    if (state.selection && (focused instanceof HTMLInputElement || focused instanceof HTMLTextAreaElement)) {
      try {
        focused.setSelectionRange(state.selection.start, state.selection.end);
      } catch {
        // the field's type has no selection
      }
    }
  }
  // After the screen has drawn the values entered above, so that its submit handler sees them.
  if (state.submitted) setTimeout(() => form.requestSubmit(), 0);
}

/** Presses the app's button for an action asked for on the drawn page (after the screen's effects). */
function press(button: HTMLElement): void {
  setTimeout(() => button.click(), 0);
}

/** Applies `state` to the app's form (or presses its button) in `container`, now or once it is drawn. */
export function handOverStaticPage(container: HTMLElement, state: StaticPageState): void {
  const { action, earlyView } = state;
  if (earlyView) keepOver(container, earlyView);
  if (action !== null) {
    const find = () =>
      [...container.querySelectorAll<HTMLElement>('[data-early-action]')].find(
        (button) => button.getAttribute('data-early-action') === action,
      ) ?? null;
    return whenDrawn(container, find, press);
  }
  if (state.changed.length === 0 && state.focused === null && !state.submitted) return;
  whenDrawn(
    container,
    () => container.querySelector('form'),
    (form) => apply(form, state),
  );
}

/**
 * Puts back what the page showed for an early action (its own styles place it over the screen),
 * in the same task as the app's drawing, so that no frame shows the app's page without it; removed
 * once the app shows what `data-early-view-until` names, or after WAIT_MS.
 */
function keepOver(container: HTMLElement, view: HTMLElement): void {
  document.body.append(view);
  const until = view.getAttribute('data-early-view-until');
  const remove = () => view.remove();
  if (!until) return remove();
  const timer = setTimeout(remove, WAIT_MS);
  whenDrawn(
    container,
    () => container.querySelector(until),
    () => {
      clearTimeout(timer);
      remove();
    },
  );
}

function whenDrawn<T extends Element>(
  container: HTMLElement,
  find: () => T | null,
  then: (found: T) => void,
) {
  const now = find();
  if (now) return then(now);
  const observer = new MutationObserver(() => {
    const found = find();
    if (!found) return;
    stop();
    then(found);
  });
  const timer = setTimeout(() => stop(), WAIT_MS);
  const stop = () => {
    observer.disconnect();
    clearTimeout(timer);
  };
  observer.observe(container, { childList: true, subtree: true });
}
