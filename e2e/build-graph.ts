import { readFileSync } from 'node:fs';
import { join } from 'node:path';

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

  return { manifest, graph, pathToAntd, staticClosure };
}
