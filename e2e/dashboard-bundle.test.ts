import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, inject, it } from 'vitest';

/**
 * Issue 14: the dashboard's chart library loads only on the dashboard, after the page itself.
 * Read from the build (Vite's manifest and the chunks), where a chunk group could pull it into
 * every page's first load without any source file changing.
 */
type Chunk = { file: string; imports?: string[]; dynamicImports?: string[]; isEntry?: boolean };

describe('the dashboard chart bundle', () => {
  const dist = inject('webDist');
  const manifest = JSON.parse(readFileSync(join(dist, '.vite/manifest.json'), 'utf8')) as Record<
    string,
    Chunk
  >;
  /** Every chunk a key loads before it runs (its static imports, followed through). */
  const staticClosure = (key: string, seen = new Set<string>()): Set<string> => {
    if (seen.has(key)) return seen;
    seen.add(key);
    for (const next of manifest[key]?.imports ?? []) staticClosure(next, seen);
    return seen;
  };
  // A message Chart.js throws: it survives minification, so it marks the chunk holding the library.
  const holdsChartJs = (key: string) =>
    readFileSync(join(dist, manifest[key]?.file ?? ''), 'utf8').includes('Canvas is already in use');

  const charts = 'src/features/dashboard/components/dashboard-charts.tsx';
  const page = 'src/app/routes/merchant/dashboard-page.tsx';

  it('is in a chunk of its own that the app and the dashboard page do not load up front', () => {
    const holders = Object.keys(manifest).filter(
      (key) => manifest[key]?.file.endsWith('.js') && holdsChartJs(key),
    );
    expect(holders.length).toBe(1);
    const [holder] = holders as [string];
    expect([...staticClosure('index.html')]).not.toContain(holder);
    expect([...staticClosure(page)]).not.toContain(holder);
    expect([...staticClosure(charts)]).toContain(holder);
    // The page, or a chunk it loads up front (the dashboard's group, vite.config.ts), asks for it.
    const asksForCharts = [...staticClosure(page)].filter((key) =>
      manifest[key]?.dynamicImports?.includes(charts),
    );
    expect(asksForCharts.length).toBeGreaterThan(0);
  });
});
