// Whether the web build on disk (apps/web/dist and dist-ssr) can be served: scripts/start.mjs
// rebuilds it when missing, older than its sources, or not made for production (issue 11).
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';

const root = new URL('..', import.meta.url).pathname;

function newest(path) {
  if (!existsSync(path)) return 0;
  const stat = statSync(path);
  if (!stat.isDirectory()) return stat.mtimeMs;
  return readdirSync(path).reduce((max, name) => Math.max(max, newest(join(path, name))), stat.mtimeMs);
}

function builtForProduction(dir) {
  try {
    return JSON.parse(readFileSync(join(dir, 'build-mode.json'), 'utf8')).nodeEnv === 'production';
  } catch {
    return false;
  }
}

/** Why the web app must be built, or null when the build on disk will do. */
export function webBuildReason(webRoot = join(root, 'apps/web')) {
  const built = join(webRoot, 'dist-ssr/entry-server.js');
  if (!existsSync(built) || !existsSync(join(webRoot, 'dist/index.html'))) return 'missing';
  if (!builtForProduction(join(webRoot, 'dist')) || !builtForProduction(join(webRoot, 'dist-ssr'))) {
    return 'not a production build';
  }
  const sources = ['src', 'index.html', 'vite.config.ts', 'public', '../../packages/domain/src'];
  const sourceTime = Math.max(...sources.map((s) => newest(join(webRoot, s))));
  return statSync(built).mtimeMs < sourceTime ? 'older than its sources' : null;
}
