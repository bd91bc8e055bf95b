/**
 * Where the compiled server's entry points are (scripts/build-server.mjs emits one file per entry
 * into apps/server/dist and marks the bundle). Code that starts another entry (a worker_threads
 * module) asks for it here: its compiled file, or null when running from source under tsx, where
 * the .ts module is used instead.
 */
export function compiledEntry(name: string): URL | null {
  const base = (globalThis as { __dakCompiled?: string }).__dakCompiled;
  return base ? new URL(`${name}.js`, base) : null;
}
