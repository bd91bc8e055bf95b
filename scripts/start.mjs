// `npm start`: build the web app if it is missing or older than its sources, then run the server,
// which serves the web app and the API on one port (embedded PostgreSQL unless DATABASE_URL).
import { spawn, spawnSync } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';

const root = new URL('..', import.meta.url).pathname;

function newest(path) {
  if (!existsSync(path)) return 0;
  const stat = statSync(path);
  if (!stat.isDirectory()) return stat.mtimeMs;
  return readdirSync(path).reduce((max, name) => Math.max(max, newest(join(path, name))), stat.mtimeMs);
}

const built = join(root, 'apps/web/dist-ssr/entry-server.js');
const sources = [
  'apps/web/src',
  'apps/web/index.html',
  'apps/web/vite.config.ts',
  'apps/web/public',
  'packages/domain/src',
];
const sourceTime = Math.max(...sources.map((s) => newest(join(root, s))));
if (!existsSync(built) || statSync(built).mtimeMs < sourceTime) {
  console.log('Building the web app…');
  const result = spawnSync('npm', ['run', 'build', '--workspace', '@dak/web'], {
    cwd: root,
    stdio: 'inherit',
  });
  if (result.status !== 0) process.exit(result.status ?? 1);
}

const server = spawn(process.execPath, ['--import', 'tsx', join(root, 'apps/server/src/main.ts')], {
  cwd: root,
  stdio: 'inherit',
  env: process.env,
});
for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => server.kill(signal));
server.on('exit', (code, signal) => process.exit(code ?? (signal ? 1 : 0)));
