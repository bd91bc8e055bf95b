import type { Browser } from 'playwright-core';

/**
 * Collects every Content-Security-Policy violation the browser reports on any page of `browser`
 * (Chromium logs "Refused to … because it violates the following Content Security Policy
 * directive …" to the page's console). A test asserts the list stays empty: a page that needs an
 * inline script or style the policy forbids fails here, not silently in production.
 */
export function watchCsp(browser: Browser): { violations: string[] } {
  const violations: string[] = [];
  const newContext = browser.newContext.bind(browser);
  // browser.newPage makes its context through newContext too.
  browser.newContext = async (...args: Parameters<Browser['newContext']>) => {
    const context = await newContext(...args);
    context.on('page', (page) => {
      page.on('console', (message) => {
        const text = message.text();
        if (text.includes('Content Security Policy')) violations.push(`${page.url()}: ${text}`);
      });
    });
    return context;
  };
  return { violations };
}
