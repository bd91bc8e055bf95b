import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import { describe, expect, inject, it } from 'vitest';

/**
 * Issue 16, item 3: the booking page (/parcels/new) is written without antd, so a phone shows the
 * form without downloading antd's ~300 KB; its questions before booking (a poor delivery record,
 * a reverse parcel, an exchange) bring antd's dialog with a dynamic import. Read from the build's
 * manifest and module graph, as panel-frame-bundle.test.ts does for the frame.
 */
type Chunk = { file: string; imports?: string[]; dynamicImports?: string[] };
type Graph = { imports: Record<string, string[]>; chunks: Record<string, string[]> };

const antd = /node_modules\/(antd|@ant-design|@rc-component)\//;
const page = 'src/app/routes/merchant/book-parcel-page.tsx';

describe('the booking page without antd', () => {
  const dist = inject('webDist');
  const manifest = JSON.parse(readFileSync(join(dist, '.vite/manifest.json'), 'utf8')) as Record<
    string,
    Chunk
  >;
  const graph = JSON.parse(readFileSync(join(dist, '.vite/module-graph.json'), 'utf8')) as Graph;

  /** The first chain of static imports from `start` to a module of antd, or null. */
  const pathToAntd = (start: string): string[] | null => {
    const from = new Map<string, string | null>([[start, null]]);
    const queue = [start];
    while (queue.length > 0) {
      const id = queue.shift() as string;
      if (antd.test(id)) {
        const chain = [id];
        for (let at = from.get(id); at; at = from.get(at)) chain.unshift(at);
        return chain;
      }
      for (const next of graph.imports[id] ?? []) {
        if (!from.has(next)) {
          from.set(next, id);
          queue.push(next);
        }
      }
    }
    return null;
  };

  const staticClosure = (key: string, seen = new Set<string>()): Set<string> => {
    if (seen.has(key)) return seen;
    seen.add(key);
    for (const next of manifest[key]?.imports ?? []) staticClosure(next, seen);
    return seen;
  };

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
