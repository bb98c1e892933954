// DOM matchers for UI tests, so an assertion states what a user would see: that a message is visible, a button
// enabled, a link's target. Each fails with the element's markup, unlike `toBeTruthy()` on what `findBy` found.
import { expect } from 'vitest';

interface DomMatchers<R = unknown> {
  /** In the document, and neither it nor an ancestor hidden (the `hidden` attribute, display, visibility, opacity). */
  toBeVisible(): R;
  /** A form control that can be used: neither it nor an enclosing fieldset is disabled. */
  toBeEnabled(): R;
  toBeDisabled(): R;
  /** The element's text (whitespace collapsed) contains `text`, or matches it when a RegExp. */
  toHaveTextContent(text: string | RegExp): R;
  /** The element has attribute `name`, equal to `value` when given. */
  toHaveAttribute(name: string, value?: string): R;
}

declare module 'vitest' {
  // vitest declares Matchers<T = any>; an augmentation repeats its type parameters exactly.
  // eslint-disable-next-line @typescript-eslint/no-explicit-any, @typescript-eslint/no-empty-object-type
  interface Matchers<T = any> extends DomMatchers<T> {}
}

function describeElement(element: Element): string {
  const html = element.outerHTML;
  return html.length > 400 ? `${html.slice(0, 400)}…` : html;
}

function asElement(received: unknown, matcher: string): Element {
  if (received instanceof Element) return received;
  throw new TypeError(`${matcher}: expected a DOM element, got ${String(received)}`);
}

function hiddenBy(element: Element): string | null {
  if (!element.isConnected) return 'it is not in the document';
  for (let node: Element | null = element; node; node = node.parentElement) {
    if (node.hasAttribute('hidden')) return `${node.tagName.toLowerCase()} has the hidden attribute`;
    const style = getComputedStyle(node);
    if (style.display === 'none') return `${node.tagName.toLowerCase()} has display: none`;
    if (node === element && (style.visibility === 'hidden' || style.visibility === 'collapse'))
      return `it has visibility: ${style.visibility}`;
    if (style.opacity === '0') return `${node.tagName.toLowerCase()} has opacity: 0`;
    const parent: Element | null = node.parentElement;
    if (parent?.tagName === 'DETAILS' && !parent.hasAttribute('open') && node.tagName !== 'SUMMARY')
      return 'it is inside a closed details element';
  }
  return null;
}

const DISABLEABLE = new Set(['BUTTON', 'INPUT', 'SELECT', 'TEXTAREA', 'OPTGROUP', 'OPTION', 'FIELDSET']);

function isDisabled(element: Element): boolean {
  if (DISABLEABLE.has(element.tagName) && element.hasAttribute('disabled')) return true;
  if (element.getAttribute('aria-disabled') === 'true') return true;
  const fieldset = element.parentElement?.closest('fieldset[disabled]');
  if (fieldset) {
    // A control in a disabled fieldset's first legend stays usable.
    const legend = fieldset.querySelector(':scope > legend');
    return !(legend && legend.contains(element));
  }
  return false;
}

function textOf(element: Element): string {
  return (element.textContent ?? '').replace(/\s+/g, ' ').trim();
}

expect.extend({
  toBeVisible(received: unknown) {
    const element = asElement(received, 'toBeVisible');
    const reason = hiddenBy(element);
    return {
      pass: reason === null,
      message: () =>
        reason === null
          ? `expected element not to be visible:\n${describeElement(element)}`
          : `expected element to be visible, but ${reason}:\n${describeElement(element)}`,
    };
  },
  toBeEnabled(received: unknown) {
    const element = asElement(received, 'toBeEnabled');
    const disabled = isDisabled(element);
    return {
      pass: !disabled,
      message: () => `expected element to be ${disabled ? 'enabled' : 'disabled'}:\n${describeElement(element)}`,
    };
  },
  toBeDisabled(received: unknown) {
    const element = asElement(received, 'toBeDisabled');
    const disabled = isDisabled(element);
    return {
      pass: disabled,
      message: () => `expected element to be ${disabled ? 'enabled' : 'disabled'}:\n${describeElement(element)}`,
    };
  },
  toHaveTextContent(received: unknown, text: string | RegExp) {
    const element = asElement(received, 'toHaveTextContent');
    const actual = textOf(element);
    const pass = typeof text === 'string' ? actual.includes(text) : text.test(actual);
    return {
      pass,
      message: () => `expected element text ${pass ? 'not ' : ''}to match ${String(text)}; its text is "${actual}"`,
      actual,
      expected: text,
    };
  },
  toHaveAttribute(received: unknown, name: string, value?: string) {
    const element = asElement(received, 'toHaveAttribute');
    const actual = element.getAttribute(name);
    const pass = actual !== null && (value === undefined || actual === value);
    const wanted = value === undefined ? `attribute ${name}` : `${name}="${value}"`;
    return {
      pass,
      message: () =>
        `expected element ${pass ? 'not ' : ''}to have ${wanted}; ${
          actual === null ? 'it has none' : `it has ${name}="${actual}"`
        }:\n${describeElement(element)}`,
      actual,
      expected: value,
    };
  },
});
