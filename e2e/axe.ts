import AxeBuilder from '@axe-core/playwright';
import type { Page } from 'playwright-core';

/**
 * axe over the open page: the serious and critical violations, one line per element
 * (`rule <element>`). Adds to axe's defaults label-content-name-mismatch, which axe ships as
 * experimental and off: a control's accessible name must contain the words it shows, or voice
 * control ("click বাংলা") cannot find it.
 */
export async function seriousAxeViolations(page: Page): Promise<{ id: string; html: string }[]> {
  const results = await new AxeBuilder({ page: page as never })
    .options({ rules: { 'label-content-name-mismatch': { enabled: true } } })
    .analyze();
  return results.violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .flatMap((v) => v.nodes.map((node) => ({ id: v.id, html: node.html })));
}
