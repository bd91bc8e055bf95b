import { describe, expect, inject, it } from 'vitest';
import { readBuild } from './build-graph';

/**
 * Issue 16, item 3: the booking page (/parcels/new) is written without antd, so a phone shows the
 * form without downloading antd's ~300 KB; its questions before booking (a poor delivery record,
 * a reverse parcel, an exchange) bring antd's dialog with a dynamic import. Read from the build's
 * manifest and module graph, as panel-frame-bundle.test.ts does for the frame.
 */
const page = 'src/app/routes/merchant/book-parcel-page.tsx';

describe('the booking page without antd', () => {
  const dist = inject('webDist');
  const { manifest, graph, pathToAntd, beyondApp } = readBuild(dist);

  it('imports no module of antd statically from the booking page', () => {
    expect(graph.imports[page], `${page} is in the build`).toBeDefined();
    expect(pathToAntd(page)).toBeNull();
  });

  it('loads no chunk holding antd with the booking route', () => {
    expect(manifest[page], `${page} is a chunk of its own`).toBeDefined();
    const { files, antdIn, kb } = beyondApp([page]);
    for (const file of files) expect(antdIn(file), `${file} holds antd`).toEqual([]);
    console.info(`booking page chunks beyond the app's: ${files.size} files, ${kb} KB gzip`);
  });

  it('brings antd with the questions before booking only, by dynamic import', () => {
    const dialog = 'src/features/parcels/components/booking-confirm.tsx';
    const dynamic = new Set(Object.values(manifest).flatMap((chunk) => chunk.dynamicImports ?? []));
    expect(dynamic).toContain(dialog);
    expect(pathToAntd(dialog)).not.toBeNull();
  });
});
