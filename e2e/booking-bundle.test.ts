import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import { describe, expect, inject, it } from 'vitest';
import { antd, readBuild } from './build-graph';

/**
 * Issue 16, item 3: the booking page (/parcels/new) is written without antd, so a phone shows the
 * form without downloading antd's ~300 KB; its questions before booking (a poor delivery record,
 * a reverse parcel, an exchange) bring antd's dialog with a dynamic import. Read from the build's
 * manifest and module graph, as panel-frame-bundle.test.ts does for the frame.
 */
const page = 'src/app/routes/merchant/book-parcel-page.tsx';

describe('the booking page without antd', () => {
  const dist = inject('webDist');
  const { manifest, graph, pathToAntd, staticClosure } = readBuild(dist);

  it('imports no module of antd statically from the booking page', () => {
    expect(graph.imports[page], `${page} is in the build`).toBeDefined();
    expect(pathToAntd(page)).toBeNull();
  });

  it('loads no chunk holding antd with the booking route', () => {
    expect(manifest[page], `${page} is a chunk of its own`).toBeDefined();
    const app = new Set([...staticClosure('index.html')].map((key) => manifest[key]?.file));
    const files = new Set<string>();
    for (const key of staticClosure(page)) {
      const file = manifest[key]?.file;
      if (file && !app.has(file)) files.add(file);
    }
    for (const file of files) {
      const held = (graph.chunks[file] ?? []).filter((id) => antd.test(id));
      expect(held, `${file} holds antd`).toEqual([]);
    }
    const bytes = [...files].reduce((sum, file) => {
      const path = join(dist, file);
      const gz = existsSync(`${path}.gz`)
        ? readFileSync(`${path}.gz`)
        : gzipSync(readFileSync(path), { level: 9 });
      return sum + gz.length;
    }, 0);
    console.info(
      `booking page chunks beyond the app's: ${files.size} files, ${(bytes / 1024).toFixed(1)} KB gzip`,
    );
  });

  it('brings antd with the questions before booking only, by dynamic import', () => {
    const dialog = 'src/features/parcels/components/booking-confirm.tsx';
    const dynamic = new Set(Object.values(manifest).flatMap((chunk) => chunk.dynamicImports ?? []));
    expect(dynamic).toContain(dialog);
    expect(pathToAntd(dialog)).not.toBeNull();
  });
});
