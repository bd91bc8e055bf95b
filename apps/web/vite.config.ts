import { createHash } from 'node:crypto';
import { existsSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import { localizeDigits } from '@dak/domain/digits';
import react from '@vitejs/plugin-react';
import { defineConfig, minifySync, type Plugin, type Rollup, type UserConfig } from 'vite';

/**
 * Brotli and gzip copies of the built scripts, styles and index.html next to them (x.js.br, x.js.gz): the
 * server sends the one the browser accepts (@fastify/static preCompressed), compressed once at
 * build time at the highest level, with no compression work per request.
 */
function precompress(): Plugin {
  return {
    name: 'dak-precompress',
    apply: 'build',
    writeBundle(options) {
      const outDir = options.dir ?? 'dist';
      const dir = join(outDir, 'assets');
      for (const name of readdirSync(dir)) {
        if (/\.(js|css|svg)$/.test(name)) writeCompressed(join(dir, name), readFileSync(join(dir, name)));
      }
      // The panel's page itself (every panel address is answered with it; the boot frame is in it).
      const page = join(outDir, 'index.html');
      if (existsSync(page)) writeCompressed(page, readFileSync(page));
    },
  };
}

/** The .gz and .br copies of one file of at least 1 KB. */
function writeCompressed(path: string, data: Buffer) {
  if (data.length < 1024) return;
  writeFileSync(`${path}.gz`, gzipSync(data, { level: 9 }));
  writeFileSync(`${path}.br`, brotliCompressSync(data, { params: { [constants.BROTLI_PARAM_QUALITY]: 11 } }));
}

/**
 * The boot script (src/boot/boot.js), first in index.html's head (`async`: it holds nothing up),
 * asks for what the app will ask for only once its entry has arrived and run (issue 16, the cold
 * visit's waterfall): the chosen language's strings, and for a signed-in merchant the matched
 * page's route chunks (the panel's frame; on /dashboard, /parcels and /parcels/new the page's too:
 * the modules its loader imports are among them), as `modulepreload` and style preloads. On those
 * three pages it also draws the panel's frame and heading from index.html's `boot-shell` template,
 * with the strings this plugin writes into the page (`boot-strings`: the template's keys only, in
 * both languages). The names are the build's (content-hashed), so the script is written at build
 * time, minified, named by its own hash and cached like every asset. Not inline: the app's CSP
 * allows no inline script. Signed out, on /login, only the language is asked for: the sign-in page
 * loads nothing more (its budget).
 */
function bootScript(): Plugin {
  let script: { fileName: string; source: string } | null = null;
  let outDir = 'dist';
  const srcDir = join(import.meta.dirname, 'src');
  /** The strings the template names (data-t), per language; `languages.current` is the language's own name. */
  const shellStrings = (html: string) => {
    const keys = new Set([...html.matchAll(/data-t="([\w.]+)"/g)].map((match) => match[1] as string));
    keys.add('dashboard.welcomeNoName');
    const all: Record<string, Record<string, string>> = {};
    for (const language of ['en', 'bn'] as const) {
      const strings = JSON.parse(readFileSync(join(srcDir, `locales/${language}.json`), 'utf8'));
      const lookup = (key: string) =>
        key.split('.').reduce<unknown>((node, part) => (node as Record<string, unknown>)?.[part], strings);
      all[language] = {};
      for (const key of keys) {
        const value = key === 'languages.current' ? lookup(`languages.${language}`) : lookup(key);
        if (typeof value !== 'string')
          throw new Error(`dak-boot: index.html's boot-shell names ${key}, not in ${language}.json`);
        all[language][key] = value;
      }
      // The language's digits, 0 to 9, for the footer's year (the domain's rule, not a copy of it).
      all[language].digits = localizeDigits('0123456789', language);
    }
    // Inside <script type="application/json">: no "</" may end the element early.
    return JSON.stringify(all).replace(/</g, '\\u003c');
  };
  return {
    name: 'dak-boot',
    apply: 'build',
    configResolved(config) {
      outDir = config.build.outDir;
    },
    transformIndexHtml: {
      order: 'post',
      handler(html, ctx) {
        const bundle = ctx.bundle;
        if (!bundle || !ctx.filename.endsWith('index.html')) return html;
        const chunks = Object.values(bundle).filter((c): c is Rollup.OutputChunk => c.type === 'chunk');
        const byModule = (suffix: string) => chunks.find((c) => c.facadeModuleId?.endsWith(suffix));
        const closure = (chunk: Rollup.OutputChunk | undefined, files = new Set<string>()) => {
          if (!chunk || files.has(chunk.fileName)) return files;
          files.add(chunk.fileName);
          for (const css of chunk.viteMetadata?.importedCss ?? []) files.add(css);
          for (const name of chunk.imports) {
            const next = bundle[name];
            if (next?.type === 'chunk') closure(next, files);
          }
          return files;
        };
        const entry = closure(chunks.find((c) => c.isEntry && c.facadeModuleId?.endsWith('index.html')));
        const beyondEntry = (...suffixes: string[]) => {
          const files = new Set<string>();
          for (const suffix of suffixes) closure(byModule(suffix), files);
          return [...files].filter((file) => !entry.has(file)).map((file) => `/${file}`);
        };
        const frame = ['src/app/panel-frame.tsx', 'src/app/merchant-shell.tsx'];
        const lists = {
          en: beyondEntry('src/locales/en.json'),
          bn: beyondEntry('src/locales/bn.json'),
          frame: beyondEntry(...frame),
          dashboard: beyondEntry(...frame, 'src/app/routes/merchant/dashboard-page.tsx'),
          parcels: beyondEntry(...frame, 'src/app/routes/merchant/parcels-page.tsx'),
          booking: beyondEntry(...frame, 'src/app/routes/merchant/book-parcel-page.tsx'),
        };
        if (Object.values(lists).some((list) => list.length === 0)) {
          throw new Error(`dak-boot: a route's chunks were not found (${JSON.stringify(lists)})`);
        }
        const files = {
          ...lists,
          pages: { '/dashboard': 'dashboard', '/parcels': 'parcels', '/parcels/new': 'booking' },
        };
        const template = readFileSync(join(srcDir, 'boot/boot.js'), 'utf8');
        const code = template.replace(/\(BOOT_FILES\);\s*$/, `(${JSON.stringify(files)});\n`);
        if (code === template) throw new Error('dak-boot: boot.js does not end with (BOOT_FILES);');
        const source = minifySync('boot.js', code).code;
        const hash = createHash('sha256').update(source).digest('base64url').slice(0, 8);
        script = { fileName: `assets/boot-${hash}.js`, source };
        return {
          html,
          tags: [
            { tag: 'script', attrs: { async: true, src: `/${script.fileName}` }, injectTo: 'head-prepend' },
            {
              tag: 'script',
              attrs: { type: 'application/json', id: 'boot-strings' },
              children: shellStrings(html),
              injectTo: 'body-prepend',
            },
          ],
        };
      },
    },
    writeBundle() {
      if (!script) return;
      // Written here, after the bundle: its own compressed copies too (precompress may run first).
      const path = join(outDir, script.fileName);
      writeFileSync(path, script.source);
      writeCompressed(path, Buffer.from(script.source));
    },
  };
}

/**
 * Records how a build was made (dist/build-mode.json, dist-ssr/build-mode.json): scripts/start.mjs
 * rebuilds a build that was not made for production (issue 11: a build made under
 * NODE_ENV=development ships React's development JSX runtime, and a production server then
 * answers 500 on every public page).
 */
function buildMode(): Plugin {
  return {
    name: 'dak-build-mode',
    apply: 'build',
    writeBundle(options) {
      const mode = { nodeEnv: process.env.NODE_ENV, builtAt: new Date().toISOString() };
      writeFileSync(join(options.dir ?? 'dist', 'build-mode.json'), `${JSON.stringify(mode)}\n`);
    },
  };
}

/**
 * dist/.vite/module-graph.json: each module's static imports and each chunk's modules (paths from
 * apps/web), so a test can prove what a route loads up front without antd
 * (e2e/panel-frame-bundle.test.ts, issue 16); Vite's manifest names chunks, not their modules.
 */
function moduleGraph(): Plugin {
  let root = process.cwd();
  return {
    name: 'dak-module-graph',
    apply: 'build',
    configResolved(config) {
      root = config.root;
    },
    generateBundle(_options, bundle) {
      const rel = (id: string) => relative(root, id).split('\\').join('/');
      const imports: Record<string, string[]> = {};
      for (const id of this.getModuleIds()) {
        imports[rel(id)] = (this.getModuleInfo(id)?.importedIds ?? []).map(rel);
      }
      const chunks: Record<string, string[]> = {};
      for (const [file, output] of Object.entries(bundle)) {
        if (output.type === 'chunk') chunks[file] = output.moduleIds.map(rel);
      }
      this.emitFile({
        type: 'asset',
        fileName: '.vite/module-graph.json',
        source: JSON.stringify({ imports, chunks }),
      });
    },
  };
}

/**
 * The signed-in panel's first screen in two chunks instead of about thirty (issue 16): `panel`,
 * the modules the panel's frame and the merchant shell import (statically), and `dashboard`, the
 * dashboard page's own. A cold visit fetched each small module chunk on its own request, and
 * HTTP/1.1's six connections turned some thirty 1–6 KB chunks into five or six round trips on
 * Slow 4G. Modules that the app's entry or the public site's already load, and libraries, keep
 * their chunks; a group does not take its modules' dependencies along, so neither of the two can
 * swallow what the sign-in page needs (e2e/first-screen-budget.test.ts) or antd (the frame and the
 * dashboard import none: e2e/panel-frame-bundle.test.ts).
 */
type ModuleGraph = { getModuleInfo(id: string): { importedIds: readonly string[] } | null };

function firstScreenGroups(srcDir: string) {
  const reached = new Map<string, Set<string>>();
  const reachable = (graph: ModuleGraph, root: string) => {
    let seen = reached.get(root);
    if (seen) return seen;
    seen = new Set<string>();
    const stack = [join(srcDir, root)];
    while (stack.length > 0) {
      const id = stack.pop() as string;
      if (seen.has(id)) continue;
      seen.add(id);
      stack.push(...(graph.getModuleInfo(id)?.importedIds ?? []));
    }
    reached.set(root, seen);
    return seen;
  };
  // The route modules keep chunks of their own (the manifest names them; the budget test reads
  // it): they are small and fetched together with the groups.
  const routes = [
    'app/panel-frame.tsx',
    'app/merchant-shell.tsx',
    'app/routes/merchant/dashboard-page.tsx',
  ].map((route) => join(srcDir, route));
  // The app's modules and the shared domain rules it imports (packages/domain), not libraries.
  const ours = (id: string) =>
    !id.includes('node_modules') &&
    !routes.includes(id) &&
    (id.startsWith(srcDir) || /[\\/]packages[\\/]domain[\\/]/.test(id));
  const loadedAlready = (id: string, graph: ModuleGraph) =>
    reachable(graph, 'main.tsx').has(id) || reachable(graph, 'site/entry-client.tsx').has(id);
  const inFrame = (id: string, graph: ModuleGraph) =>
    reachable(graph, 'app/panel-frame.tsx').has(id) || reachable(graph, 'app/merchant-shell.tsx').has(id);
  // What the dashboard shares with the parcel list or the booking form (the skeleton, the result,
  // the date field) goes with the frame: in the dashboard's group those pages fetched the whole
  // group (7 KB brotli on Slow 4G) for two or three small parts.
  const sharedByFirstPages = (id: string, graph: ModuleGraph) =>
    reachable(graph, 'app/routes/merchant/dashboard-page.tsx').has(id) &&
    (reachable(graph, 'app/routes/merchant/parcels-page.tsx').has(id) ||
      reachable(graph, 'app/routes/merchant/book-parcel-page.tsx').has(id));
  const withFrame = (id: string, graph: ModuleGraph) => inFrame(id, graph) || sharedByFirstPages(id, graph);
  return [
    {
      name: (id: string, graph: ModuleGraph) =>
        ours(id) && withFrame(id, graph) && !loadedAlready(id, graph) ? 'panel' : null,
      includeDependenciesRecursively: false,
    },
    {
      name: (id: string, graph: ModuleGraph) =>
        ours(id) &&
        reachable(graph, 'app/routes/merchant/dashboard-page.tsx').has(id) &&
        !withFrame(id, graph) &&
        !loadedAlready(id, graph)
          ? 'dashboard-page'
          : null,
      includeDependenciesRecursively: false,
    },
  ];
}

/**
 * Two entries: the merchant panel and console (index.html, antd) and the public site
 * (src/site/entry-client.tsx: React and our own small components only). The manifest tells the
 * server which files the public site's pages link. `vite build --ssr src/site/entry-server.tsx`
 * (npm run build) builds the server half of the public site into dist-ssr.
 * The API lives on the same origin in production; in development Vite forwards /api to it.
 */
export default defineConfig(({ command, isSsrBuild }) => {
  // A build is always a production build, whatever NODE_ENV the shell has (Vite reads it after
  // this file): the development JSX runtime must never reach a production server.
  if (command === 'build') process.env.NODE_ENV = 'production';
  return config(isSsrBuild);
});

const config = (isSsrBuild: boolean | undefined): UserConfig => ({
  plugins: isSsrBuild
    ? [react(), buildMode()]
    : [react(), precompress(), buildMode(), moduleGraph(), bootScript()],
  server: {
    port: 5173,
    proxy: { '/api': { target: 'http://localhost:3000', changeOrigin: false } },
  },
  preview: {
    port: 4173,
    proxy: { '/api': { target: 'http://localhost:3000', changeOrigin: false } },
  },
  build: isSsrBuild
    ? { outDir: 'dist-ssr', emptyOutDir: true }
    : {
        outDir: 'dist',
        emptyOutDir: true,
        manifest: true,
        // antd alone is larger than Vite's default 500 kB warning, hence the higher limit.
        chunkSizeWarningLimit: 1000,
        rolldownOptions: {
          input: { index: 'index.html', site: 'src/site/entry-client.tsx' },
          output: {
            // Libraries change less often than the app: their own chunks stay cached across
            // releases. React first: a group takes its modules' dependencies along, so antd's group
            // placed first would swallow React and the public site would load antd with it.
            codeSplitting: {
              groups: [
                { name: 'react', test: /node_modules[\\/](react|react-dom|scheduler)[\\/]/ },
                { name: 'router', test: /node_modules[\\/](react-router)[\\/]/ },
                // zod alone: the public site's enterprise form fetches it on its first send, without
                // the panel's other libraries.
                { name: 'zod', test: /node_modules[\\/]zod[\\/]/ },
                // Chart.js alone: only the dashboard's charts import it, after the page has loaded;
                // in `libs` it would ride in every page's first load.
                { name: 'charts', test: /node_modules[\\/](chart\.js|@kurkle)[\\/]/ },
                // The first screen's own libraries only (issue 16): a catch-all `libs` also took
                // antd's helpers (stylis, Babel's runtime, scroll-into-view…), about 10 KB that the
                // sign-in page and dashboard never run; those now go with antd's chunks.
                {
                  name: 'libs',
                  test: /node_modules[\\/](i18next|react-i18next|html-parse-stringify|void-elements|@tanstack|use-sync-external-store|clsx|react-toastify)[\\/]/,
                },
                ...firstScreenGroups(join(import.meta.dirname, 'src')),
              ],
            },
          },
        },
      },
});
