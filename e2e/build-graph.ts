import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';

/**
 * What the web build says about its chunks, for the tests that keep antd off the light pages
 * (issue 16): Vite's manifest (which chunk loads which) and the build's module graph
 * (dist/.vite/module-graph.json, written by apps/web/vite.config.ts: each module's static imports
 * and each chunk's modules).
 */
export type Chunk = { file: string; imports?: string[]; dynamicImports?: string[] };
export type Graph = { imports: Record<string, string[]>; chunks: Record<string, string[]> };

export const antd = /node_modules\/(antd|@ant-design|@rc-component)\//;

export function readBuild(dist: string) {
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

  /** Every chunk a manifest key loads before it runs (its static imports, followed through). */
  const staticClosure = (key: string, seen = new Set<string>()): Set<string> => {
    if (seen.has(key)) return seen;
    seen.add(key);
    for (const next of manifest[key]?.imports ?? []) staticClosure(next, seen);
    return seen;
  };

  /**
   * The files the `routes` load before they run beyond what the app's entry already loads, the
   * modules of antd each holds, and their gzipped size (the build's .gz, else compressed here).
   */
  const beyondApp = (routes: string[]) => {
    const app = new Set([...staticClosure('index.html')].map((key) => manifest[key]?.file));
    const files = new Set<string>();
    for (const route of routes) {
      for (const key of staticClosure(route)) {
        const file = manifest[key]?.file;
        if (file && !app.has(file)) files.add(file);
      }
    }
    const antdIn = (file: string) => (graph.chunks[file] ?? []).filter((id) => antd.test(id));
    const bytes = [...files].reduce((sum, file) => {
      const path = join(dist, file);
      const gz = existsSync(`${path}.gz`)
        ? readFileSync(`${path}.gz`)
        : gzipSync(readFileSync(path), { level: 9 });
      return sum + gz.length;
    }, 0);
    return { files, antdIn, kb: (bytes / 1024).toFixed(1) };
  };

  return { manifest, graph, pathToAntd, staticClosure, beyondApp };
}
