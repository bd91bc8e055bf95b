// The web project's component tests run in jsdom: what antd needs that jsdom lacks, the app's
// i18n, and MSW answering the API (an unhandled request fails the test).
import { cleanup, configure } from '@testing-library/react';
import { afterAll, afterEach, beforeAll } from 'vitest';
import { i18n, loadConsoleStrings, loadLanguage } from '../lib/i18n';
import { server } from './api';

// antd's Grid and responsive observers ask matchMedia; a desktop-wide screen answers "yes" to min-width queries.
Object.defineProperty(window, 'matchMedia', {
  writable: true,
  value: (query: string) => ({
    matches: /min-width/.test(query),
    media: query,
    onchange: null,
    addListener: () => {},
    removeListener: () => {},
    addEventListener: () => {},
    removeEventListener: () => {},
    dispatchEvent: () => false,
  }),
});
// jsdom throws on pseudo-elements in getComputedStyle (antd's scroll-bar measure asks for one).
const computedStyle = window.getComputedStyle.bind(window);
window.getComputedStyle = (element: Element) => computedStyle(element);
class NoResizeObserver {
  observe() {}
  unobserve() {}
  disconnect() {}
}
window.ResizeObserver ??= NoResizeObserver;
window.scrollTo = () => {};
Element.prototype.scrollIntoView = () => {};

// findBy…/waitFor wait longer than Testing Library's 1 s: the API answers through MSW on a loaded machine.
configure({ asyncUtilTimeout: 10_000 });

beforeAll(async () => {
  // Every string in both languages, console's too: tests switch languages without the app's loader.
  await loadConsoleStrings();
  await loadLanguage('bn');
  await loadLanguage('en');
  await i18n.changeLanguage('en');
  server.listen({ onUnhandledRequest: 'error' });
});
afterEach(() => {
  cleanup();
  server.resetHandlers();
});
afterAll(() => server.close());
