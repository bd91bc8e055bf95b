// `npm start`: build the web app if it is missing, older than its sources or not a production
// build, then run the server, which serves the web app and the API on one port (embedded
// PostgreSQL unless DATABASE_URL). With NODE_ENV=production the server runs compiled
// (apps/server/dist, compiled first if missing or stale); otherwise from source under tsx.
// `node scripts/start.mjs worker` (npm run worker) runs the jobs-only process the same way.
// SIGINT and SIGTERM go to the server, which stops its embedded PostgreSQL before it exits;
// this script then exits with the server's code.
import { spawn } from 'node:child_process';
import { serverCommand } from './build-server.mjs';
import { webBuildReason } from './web-build.mjs';

const root = new URL('..', import.meta.url).pathname;
const worker = process.argv[2] === 'worker';

let child;
let stopping = null;
function stop(signal) {
  if (stopping) return;
  stopping = signal;
  if (child) child.kill(signal);
  else process.exit(0);
}
for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => stop(signal));
// npm runs scripts through a shell that dies on SIGTERM without passing it on (hence `exec` in
// package.json); if whatever started us is gone, we stop too rather than leave the server and
// its database running with no one to stop them.
const parent = process.ppid;
setInterval(() => {
  if (process.ppid !== parent) stop('SIGTERM');
}, 500).unref();

function run(command, args, options) {
  return new Promise((resolve) => {
    child = spawn(command, args, { cwd: root, stdio: 'inherit', env: process.env, ...options });
    child.on('exit', (code, signal) => {
      child = undefined;
      resolve(code ?? (signal ? 1 : 0));
    });
  });
}

// An operator who gives WEB_DIST manages that build.
const reason = worker || process.env.WEB_DIST ? null : webBuildReason();
if (reason) {
  console.log(`Building the web app (${reason})…`);
  const status = await run('npm', ['run', 'build', '--workspace', '@dak/web']);
  if (stopping) process.exit(0);
  if (status !== 0) process.exit(status);
}

const args = await serverCommand('main', worker ? ['worker'] : []);
if (stopping) process.exit(0);
const status = await run(process.execPath, args);
process.exit(status);
