// The server compiled ahead of time (issue 11): apps/server/src/<entry>.ts → apps/server/dist/<entry>.js,
// one ESM bundle per entry point, so production runs plain JavaScript with no TypeScript
// compiler at run time. Our own code (apps/server/src and the @dak/domain workspace package,
// whose exports are TypeScript) is bundled; every other package stays an import from
// node_modules. `npm run build` runs this after the web build; scripts/start.mjs runs it when
// the compiled server is missing or older than its sources.
//
// Extra entry points (a worker_threads module, say) go in `entryPoints` below: each is emitted
// as dist/<name>.js beside main.js. Code that starts one finds it with `compiledEntry(name)`
// from apps/server/src/lib/compiled.ts (null when running from source under tsx).
import { existsSync, readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

const root = fileURLToPath(new URL('..', import.meta.url));
const serverDir = join(root, 'apps/server');
export const serverDist = join(serverDir, 'dist');

/** name → source (relative to apps/server). Add worker modules here. */
export const entryPoints = {
  main: 'src/main.ts',
  cli: 'src/cli.ts',
  // The .xlsx reader's worker thread (modules/bulk-parcels/xlsx-sheet.ts starts it).
  'xlsx-sheet.worker': 'src/modules/bulk-parcels/xlsx-sheet.worker.ts',
};

/** Everything the compiled server is made of: newer than dist means rebuild. */
const sources = ['apps/server/src', 'packages/domain/src', 'scripts/build-server.mjs'];

function newest(path) {
  if (!existsSync(path)) return 0;
  const stat = statSync(path);
  if (!stat.isDirectory()) return stat.mtimeMs;
  return readdirSync(path).reduce((max, name) => Math.max(max, newest(join(path, name))), stat.mtimeMs);
}

/** True when some entry is missing or a source changed after the last build. */
export function serverBuildIsStale() {
  const outputs = Object.keys(entryPoints).map((name) => join(serverDist, `${name}.js`));
  if (outputs.some((file) => !existsSync(file))) return true;
  const built = Math.min(...outputs.map((file) => statSync(file).mtimeMs));
  const changed = Math.max(...sources.map((s) => newest(join(root, s))));
  return built < changed;
}

/**
 * Files are read beside their module (migrations, seed JSON, label fonts) through
 * `new URL(…, import.meta.url)`. In a bundle every module would share the bundle's URL, so each
 * module's `import.meta.url` is rewritten to its own source file's URL: the compiled server reads
 * the same data files from the source tree it ships with.
 */
const sourceUrls = {
  name: 'dak-source-urls',
  setup(build) {
    build.onLoad({ filter: /\.ts$/ }, (args) => {
      if (args.path.includes('/node_modules/')) return undefined;
      const text = readFileSync(args.path, 'utf8');
      if (!text.includes('import.meta.url')) return { contents: text, loader: 'ts' };
      const fromDist = relative(serverDist, args.path).split('\\').join('/');
      return {
        contents: text.replaceAll(
          'import.meta.url',
          `new URL(${JSON.stringify(fromDist)}, import.meta.url).href`,
        ),
        loader: 'ts',
      };
    });
  },
};

/** Bundles @dak/* (TypeScript sources); every other package is imported from node_modules. */
const externalPackages = {
  name: 'dak-external-packages',
  setup(build) {
    build.onResolve({ filter: /^[^./]/ }, (args) => {
      if (args.path.startsWith('@dak/') || args.path.startsWith('node:')) return undefined;
      return { path: args.path, external: true };
    });
  },
};

export async function buildServer({ quiet = false } = {}) {
  const { build } = await import('esbuild');
  const started = Date.now();
  await build({
    absWorkingDir: serverDir,
    entryPoints: Object.fromEntries(
      Object.entries(entryPoints).map(([name, src]) => [name, join(serverDir, src)]),
    ),
    outdir: serverDist,
    bundle: true,
    format: 'esm',
    platform: 'node',
    target: 'node24',
    sourcemap: true,
    logLevel: quiet ? 'warning' : 'info',
    plugins: [externalPackages, sourceUrls],
    // Lets code tell it runs compiled, and find the other entries (lib/compiled.ts).
    banner: { js: 'globalThis.__dakCompiled = new URL(".", import.meta.url).href;' },
  });
  writeFileSync(
    join(serverDist, 'build.json'),
    `${JSON.stringify({ builtAt: new Date().toISOString(), entryPoints }, null, 2)}\n`,
  );
  if (!quiet) console.log(`Server compiled to ${relative(root, serverDist)} in ${Date.now() - started} ms`);
}

/**
 * How to run a server entry: in production the compiled file (compiled first when missing or
 * stale), elsewhere the TypeScript source under tsx, as in development.
 */
export async function serverCommand(name, args = []) {
  if (process.env.NODE_ENV === 'production') {
    if (serverBuildIsStale()) {
      console.log('Compiling the server…');
      await buildServer({ quiet: true });
    }
    return [join(serverDist, `${name}.js`), ...args];
  }
  return ['--import', 'tsx', join(serverDir, entryPoints[name]), ...args];
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  await buildServer();
}
