import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { TestProject } from 'vitest/node';
import { startEmbeddedPostgres } from '../apps/server/src/db/embedded';

declare module 'vitest' {
  export interface ProvidedContext {
    e2ePgAdminUrl: string;
    webDist: string;
  }
}

const root = fileURLToPath(new URL('..', import.meta.url));

/** Browser tests drive the built app: build it if needed, and start one PostgreSQL for the run. */
export default async function setup(project: TestProject) {
  const webDist = join(root, 'apps/web/dist');
  // The public site's server bundle is built last: its presence means the whole build is there.
  if (!existsSync(join(webDist, 'index.html')) || !existsSync(join(webDist, '../dist-ssr/entry-server.js'))) {
    const built = spawnSync('npm', ['run', 'build', '--workspace', '@dak/web'], {
      cwd: root,
      stdio: 'inherit',
    });
    if (built.status !== 0) throw new Error('web build failed');
  }
  const dir = await mkdtemp(join(tmpdir(), 'dak-e2e-pg-'));
  const server = await startEmbeddedPostgres({ dataDir: dir, persistent: false, durable: false });
  project.provide('e2ePgAdminUrl', server.url);
  project.provide('webDist', webDist);
  return async () => {
    await server.stop();
    await rm(dir, { recursive: true, force: true });
  };
}
