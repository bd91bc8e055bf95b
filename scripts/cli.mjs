// `npm run staff:create | migrate | seed`: the operator commands (apps/server/src/cli.ts), compiled
// in production like the server (scripts/build-server.mjs), from source under tsx elsewhere.
import { spawn } from 'node:child_process';
import { serverCommand } from './build-server.mjs';

const args = await serverCommand('cli', process.argv.slice(2));
const child = spawn(process.execPath, args, { stdio: 'inherit', env: process.env });
for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => child.kill(signal));
child.on('exit', (code, signal) => process.exit(code ?? (signal ? 1 : 0)));
