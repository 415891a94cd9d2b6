import { expect, type Page } from './test';

/**
 * Focus checks for the keyboard journeys: what has focus, whether it shows the
 * app's :focus-visible outline (on the element or on its ::after), and Tab until a wanted element.
 */

/**
 * `visible`: shows the outline; `describe`: for messages; `matches`: the selector (and text) asked for; `stop`: which
 * element it is (tag, id, href, label, text, place among its siblings), to know when Tab has come round; `inBrowserControls`:
 * focus is on the browser's own part of a date field or video (the picker button, the media controls), where the
 * element no longer matches :focus and its inner part's style cannot be read (screenshots cover them).
 */
export type Focused = { visible: boolean; describe: string; matches: boolean; stop: string; inBrowserControls: boolean };

/** What has focus now (`Focused`), read in one evaluation: a page visits hundreds of Tab stops, each a round trip to the browser. */
export async function focused(page: Page, selector = '*', text?: RegExp): Promise<Focused> {
  return page.evaluate(
    ({ selector, source, flags }) => {
      const el = document.activeElement as HTMLElement | null;
      if (!el || el === document.body) return { visible: false, describe: 'nothing (body)', matches: false, stop: '', inBrowserControls: false };
      const style = getComputedStyle(el);
      const box = el.getBoundingClientRect();
      // The outline may be drawn by the element or by its ::after (a link stretched over a whole card).
      const hasOutline = (s: CSSStyleDeclaration) => s.outlineStyle !== 'none' && parseFloat(s.outlineWidth) >= 2 && s.outlineColor !== 'rgba(0, 0, 0, 0)';
      const outlined = hasOutline(style) || hasOutline(getComputedStyle(el, '::after'));
      const visible = el.matches(':focus-visible') && outlined && box.width > 0 && box.height > 0 && style.visibility !== 'hidden';
      const name = (el.getAttribute('aria-label') ?? el.innerText ?? el.getAttribute('name') ?? '').trim().replace(/\s+/g, ' ');
      const describe = `<${el.tagName.toLowerCase()}${el.id ? `#${el.id}` : ''}> "${name.slice(0, 50)}" (outline ${style.outlineStyle} ${style.outlineWidth} ${style.outlineColor})`;
      const matches = el.matches(selector) && (source === null || new RegExp(source, flags).test(name));
      const stop = `${el.tagName}|${el.id}|${el.getAttribute('href') ?? ''}|${el.getAttribute('aria-label') ?? ''}|${el.innerText?.slice(0, 30)}|${Array.from(el.parentElement?.children ?? []).indexOf(el)}`;
      const inBrowserControls =
        !el.matches(':focus') && (el.tagName === 'VIDEO' || (el instanceof HTMLInputElement && /^(date|time|datetime-local|month|week)$/.test(el.type)));
      return { visible, describe, matches, stop, inBrowserControls };
    },
    { selector, source: text?.source ?? null, flags: text?.flags ?? '' },
  );
}

/** Fails unless the focused element shows a visible focus indicator. */
export async function expectVisibleFocus(page: Page) {
  const now = await focused(page);
  expect(now.visible, `focus is not visible on ${now.describe}`).toBe(true);
}

/**
 * Presses `key` (Tab by default) until the focused element matches `selector` (and its name `text`),
 * checking on every stop that focus is visible. Fails after `max` presses.
 */
export async function tabTo(page: Page, selector: string, text?: RegExp, { key = 'Tab', max = 80 }: { key?: string; max?: number } = {}) {
  const passed: string[] = [];
  for (let i = 0; i < max; i++) {
    await page.keyboard.press(key);
    const now = await focused(page, selector, text);
    passed.push(now.describe);
    // Focus on nothing: the focused element was replaced (a page change) or Tab left the end of the page.
    if (now.describe === 'nothing (body)') continue;
    expect(
      now.visible,
      `tabbing to ${selector}: focus is not visible on ${now.describe}; before it: ${passed.slice(0, -1).join(' | ')}; url ${page.url()}`,
    ).toBe(true);
    if (now.matches) return;
  }
  throw new Error(`no ${selector} ${text ?? ''} after ${max} presses of ${key}; passed: ${passed.join(' | ')}`);
}

/**
 * Tabs through the whole page from the top (up to `max` stops, until focus leaves the document or comes
 * back to the first stop) and returns every stop whose focus is not visible, as descriptions.
 */
export async function stopsWithoutVisibleFocus(page: Page, max = 250): Promise<string[]> {
  const bad: string[] = [];
  let first: string | null = null;
  for (let i = 0; i < max; i++) {
    await page.keyboard.press('Tab');
    const now = await focused(page);
    if (now.describe === 'nothing (body)') break;
    if (now.stop === first) break;
    first ??= now.stop;
    if (!now.visible && !now.inBrowserControls) bad.push(now.describe);
  }
  return bad;
}
