import { describe, expect, inject, it } from 'vitest';
import { antd, readBuild } from './build-graph';

/**
 * Issue 16, item 3: the merchant panel's frame (top bar, menu, account actions, shop switcher,
 * bell, banners, terms reminder) and its dashboard are written without antd; what they rarely
 * need (the bell's drawer, the terms and popup dialogs, the tour) brings antd with a dynamic
 * import when it opens. Read from the build: Vite's manifest (which chunk loads which) and the
 * build's module graph (dist/.vite/module-graph.json, written by apps/web/vite.config.ts: each
 * module's static imports and each chunk's modules).
 */
const frame = [
  'src/components/layouts/app-layout.tsx',
  'src/app/account-actions.tsx',
  'src/app/merchant-shell.tsx',
  'src/app/routes/merchant/dashboard-page.tsx',
];

describe('the panel frame and dashboard without antd', () => {
  const dist = inject('webDist');
  const { manifest, graph, pathToAntd, staticClosure, beyondApp } = readBuild(dist);

  it('imports no module of antd statically from the frame or the dashboard', () => {
    for (const source of frame) {
      expect(graph.imports[source], `${source} is in the build`).toBeDefined();
      expect(pathToAntd(source), `${source} reaches antd`).toBeNull();
    }
  });

  it('loads no chunk holding antd with the shell and dashboard routes, beyond what the app loads', () => {
    const routes = ['src/app/merchant-shell.tsx', 'src/app/routes/merchant/dashboard-page.tsx'];
    for (const route of routes) expect(manifest[route], `${route} is a chunk of its own`).toBeDefined();
    const { files, antdIn, kb } = beyondApp(routes);
    for (const file of files) expect(antdIn(file), `${file} holds antd`).toEqual([]);
    console.info(`panel frame + dashboard chunks beyond the app's: ${files.size} files, ${kb} KB gzip`);
  });

  it('brings antd with the rarely opened parts only, by dynamic import', () => {
    const lazy = [
      'src/features/notifications/components/notification-drawer.tsx',
      'src/features/terms/components/terms-dialog.tsx',
      'src/features/banners/components/popup-banner-dialog.tsx',
      'src/features/settings/components/onboarding-tour-steps.tsx',
    ];
    const dynamic = new Set(Object.values(manifest).flatMap((chunk) => chunk.dynamicImports ?? []));
    for (const source of lazy) {
      expect(dynamic, `${source} is imported on demand`).toContain(source);
      expect(pathToAntd(source), `${source} uses antd`).not.toBeNull();
    }
  });

  it('keeps antd off the parcel list: its route loads none, its tools bring it on demand', () => {
    const route = 'src/app/routes/merchant/parcels-page.tsx';
    expect(pathToAntd(route), `${route} reaches antd`).toBeNull();
    for (const key of staticClosure(route)) {
      const file = manifest[key]?.file ?? '';
      expect(
        (graph.chunks[file] ?? []).filter((id) => antd.test(id)),
        `${file} holds antd`,
      ).toEqual([]);
    }
    for (const source of [
      'src/features/parcels/components/list-settings.tsx',
      'src/features/parcels/components/export-parcels.tsx',
      'src/features/labels/components/label-print.tsx',
    ]) {
      expect(manifest[route]?.dynamicImports, `${source} is imported on demand`).toContain(source);
    }
  });
});
