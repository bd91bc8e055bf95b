import { readdirSync, readFileSync } from 'node:fs';
import { join, posix } from 'node:path';
import { fileURLToPath } from 'node:url';
import ts from 'typescript';

/**
 * The architecture rules (issue 12) as a checker over a tree of files: `path → source`, paths
 * relative to the repository root with `/`. architecture.test.ts runs it on the repository and on
 * small fixture trees, so each rule is seen to fail. Parsing (not text search) keeps comments and
 * strings from counting as code.
 */
export type Tree = Record<string, string>;
export type Violation = { rule: Rule; file: string; detail: string };
export type Rule =
  | 'domain-imports'
  | 'web-imports-server'
  | 'module-boundary'
  | 'sql-outside-repository'
  | 'web-path';

/** Kysely's query builders and the `sql` template: SQL, which only repositories (and db/) write. */
const queryBuilders = new Set([
  'selectFrom',
  'insertInto',
  'updateTable',
  'deleteFrom',
  'selectNoFrom',
  'mergeInto',
  'replaceInto',
  'with',
]);
const webPath = /(^|[/.])web\/|dist-ssr|@dak\/web/;
const isTest = (file: string) => /\.test\.tsx?$|\/test\/|\/fixtures\//.test(file);
const server = 'apps/server/src/';

/** Reads the sources the rules look at: domain, web and server, not node_modules or builds. */
export function readRepositoryTree(root: string): Tree {
  const tree: Tree = {};
  const walk = (dir: string) => {
    for (const entry of readdirSync(join(root, dir), { withFileTypes: true })) {
      const path = posix.join(dir, entry.name);
      if (entry.isDirectory()) {
        if (!['node_modules', 'dist', 'dist-ssr'].includes(entry.name)) walk(path);
      } else if (/\.tsx?$/.test(entry.name)) {
        tree[path] = readFileSync(join(root, path), 'utf8');
      }
    }
  };
  for (const dir of ['packages/domain/src', 'apps/web/src', 'apps/server/src']) walk(dir);
  return tree;
}

/** Where an import points: a repository path for relative ones, else the bare specifier. */
function target(file: string, specifier: string): string {
  if (!specifier.startsWith('.')) return specifier;
  return posix.normalize(posix.join(posix.dirname(file), specifier)).replace(/\.tsx?$/, '');
}

const moduleOf = (path: string) => /^apps\/server\/src\/modules\/([^/]+)\//.exec(path)?.[1];

function importViolations(file: string, specifier: string): Omit<Violation, 'file'>[] {
  const to = target(file, specifier);
  const found: Omit<Violation, 'file'>[] = [];
  if (file.startsWith('packages/domain/src/') && !isTest(file)) {
    // The domain runs in the browser too: zod and its own files, no node: built-ins, no app.
    const own = to.startsWith('packages/domain/src/');
    if (!own && to !== 'zod' && !to.startsWith('zod/'))
      found.push({ rule: 'domain-imports', detail: specifier });
  }
  if (file.startsWith('apps/web/') && (to.startsWith('apps/server/') || to.startsWith('@dak/server'))) {
    found.push({ rule: 'web-imports-server', detail: specifier });
  }
  if (file.startsWith(server)) {
    const from = moduleOf(file);
    const into = moduleOf(to);
    const reach = /\.(repository|routes)$/.test(to);
    const outsideModules = /^apps\/server\/src\/(plugins|lib|jobs)\//.test(file);
    if (into && reach && (from ? from !== into : outsideModules && to.endsWith('.repository'))) {
      found.push({
        rule: 'module-boundary',
        detail: `${specifier} (another module's ${to.split('.').pop()})`,
      });
    }
    if (to.startsWith('@dak/web') || to.startsWith('apps/web/'))
      found.push({ rule: 'web-path', detail: specifier });
  }
  return found;
}

/** Checks every file of the tree; `sqlAllowed` names files whose SQL is tolerated (temporarily). */
export function checkArchitecture(tree: Tree, sqlAllowed: ReadonlySet<string> = new Set()): Violation[] {
  const violations: Violation[] = [];
  for (const [file, text] of Object.entries(tree)) {
    const add = (rule: Rule, detail: string) => violations.push({ rule, file, detail });
    for (const imported of ts.preProcessFile(text, true, true).importedFiles) {
      for (const v of importViolations(file, imported.fileName)) add(v.rule, v.detail);
    }
    if (!file.startsWith(server) || isTest(file)) continue;
    const checkSql =
      !file.startsWith(`${server}db/`) && !file.endsWith('.repository.ts') && !sqlAllowed.has(file);
    const checkPaths = file !== `${server}config.ts`;
    const source = ts.createSourceFile(file, text, ts.ScriptTarget.Latest, true);
    const line = (node: ts.Node) => source.getLineAndCharacterOfPosition(node.getStart()).line + 1;
    const visit = (node: ts.Node) => {
      if (checkSql && ts.isCallExpression(node) && ts.isPropertyAccessExpression(node.expression)) {
        const name = node.expression.name.text;
        if (queryBuilders.has(name)) add('sql-outside-repository', `.${name}( at line ${line(node)}`);
      }
      if (checkSql && ts.isTaggedTemplateExpression(node) && isSqlTag(node.tag)) {
        add('sql-outside-repository', `sql\`…\` at line ${line(node)}`);
      }
      if (checkSql && ts.isPropertyAccessExpression(node) && ts.isIdentifier(node.expression)) {
        if (node.expression.text === 'sql')
          add('sql-outside-repository', `sql.${node.name.text} at line ${line(node)}`);
      }
      if (checkPaths && (ts.isStringLiteral(node) || ts.isNoSubstitutionTemplateLiteral(node))) {
        const inImport = ts.isImportDeclaration(node.parent) || ts.isExportDeclaration(node.parent);
        if (!inImport && webPath.test(node.text)) add('web-path', `'${node.text}' at line ${line(node)}`);
      }
      ts.forEachChild(node, visit);
    };
    visit(source);
  }
  return violations;
}

function isSqlTag(tag: ts.Expression): boolean {
  if (ts.isIdentifier(tag)) return tag.text === 'sql';
  if (ts.isPropertyAccessExpression(tag)) return isSqlTag(tag.expression);
  if (ts.isCallExpression(tag)) return isSqlTag(tag.expression);
  return false;
}

/** The repository root, from this file. */
export const repositoryRoot = fileURLToPath(new URL('../../..', import.meta.url));
