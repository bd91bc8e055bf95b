import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import {
  checkArchitecture,
  type Rule,
  readRepositoryTree,
  repositoryRoot,
  type Violation,
} from '../test/architecture';

const rulesOf = (tree: Record<string, string>) => checkArchitecture(tree).map((v) => v.rule);

describe('the architecture of the repository', () => {
  const tree = readRepositoryTree(repositoryRoot);
  let found: Violation[] | undefined;
  /** Parsed once for all the rules below. */
  const violations = () => {
    found ??= checkArchitecture(tree);
    return found;
  };

  it('reads the domain, the web and the server', () => {
    const files = Object.keys(tree);
    for (const part of ['packages/domain/src/', 'apps/web/src/', 'apps/server/src/modules/']) {
      expect(files.filter((f) => f.startsWith(part)).length).toBeGreaterThan(10);
    }
  });

  it.each<Rule>([
    'domain-imports',
    'web-imports-server',
    'module-boundary',
    'sql-outside-repository',
    'web-path',
  ])('keeps the rule %s', (rule) => {
    const broken = violations().filter((v) => v.rule === rule);
    expect(broken.map((v) => `${v.file}: ${v.detail}`)).toEqual([]);
  });
});

/** Issue 12: a source file over 600 lines is split along its use cases; generated files are exempt. */
describe('file size', () => {
  const maxLines = 600;
  const sources = () => {
    const files: Record<string, string> = { ...readRepositoryTree(repositoryRoot) };
    for (const dir of ['apps/web/src', 'apps/server/src', 'packages/domain/src']) {
      for (const entry of readdirSync(join(repositoryRoot, dir), { recursive: true, encoding: 'utf8' })) {
        if (entry.endsWith('.css') && !entry.includes('node_modules')) {
          files[`${dir}/${entry}`] = readFileSync(join(repositoryRoot, dir, entry), 'utf8');
        }
      }
    }
    return files;
  };
  const tooLong = (files: Record<string, string>) =>
    Object.entries(files)
      .filter(([path]) => !path.includes('/generated/'))
      .filter(([, text]) => text.split('\n').length > maxLines + 1)
      .map(([path]) => path);

  it('keeps every source file (code and styles) at 600 lines or fewer', () => {
    const files = sources();
    expect(Object.keys(files).some((path) => path.endsWith('.css'))).toBe(true);
    expect(tooLong(files)).toEqual([]);
  });

  it('would name a long file, and leaves generated files alone', () => {
    const long = 'x\n'.repeat(maxLines + 1);
    expect(tooLong({ 'apps/web/src/a.tsx': long, 'apps/server/src/db/generated/t.ts': long })).toEqual([
      'apps/web/src/a.tsx',
    ]);
  });
});

/** Each rule fails on a small fake tree, so a pass above means the checker looked and found nothing. */
describe('the architecture checker', () => {
  it('refuses a domain file importing the server, the web, a package or a node built-in', () => {
    const tree = {
      'packages/domain/src/ok.ts': "import { z } from 'zod';\nimport { phone } from './phone';",
      'packages/domain/src/a.ts': "import { buildApp } from '../../../apps/server/src/app';",
      'packages/domain/src/b.ts': "import type { X } from '@dak/server/app';",
      'packages/domain/src/c.ts': "import { readFileSync } from 'node:fs';",
      'packages/domain/src/d.ts': "export { dayjs } from 'dayjs';",
      'packages/domain/src/e.test.ts': "import { it } from 'vitest';",
    };
    expect(checkArchitecture(tree).map((v) => v.file)).toEqual([
      'packages/domain/src/a.ts',
      'packages/domain/src/b.ts',
      'packages/domain/src/c.ts',
      'packages/domain/src/d.ts',
    ]);
  });

  it('refuses the web importing the server', () => {
    expect(rulesOf({ 'apps/web/src/x.tsx': "import type { RouteInfo } from '@dak/server/app';" })).toEqual([
      'web-imports-server',
    ]);
    expect(rulesOf({ 'apps/web/src/y.ts': "import { loadConfig } from '../../server/src/config';" })).toEqual(
      ['web-imports-server'],
    );
    expect(rulesOf({ 'apps/web/src/z.ts': "import { parcelStatuses } from '@dak/domain/parcels';" })).toEqual(
      [],
    );
  });

  it("refuses a module reaching into another module's repository or routes, and plugins into any repository", () => {
    const m = 'apps/server/src/modules';
    const tree = {
      [`${m}/team/team.service.ts`]: "import type { AuthRepository } from '../auth/auth.repository';",
      [`${m}/returns/returns.routes.ts`]:
        "import { originOf } from '../parcel-transitions/parcel-transitions.routes';",
      'apps/server/src/plugins/auth.ts':
        "import type { AuthRepository } from '../modules/auth/auth.repository';",
      'apps/server/src/jobs/x.job.ts': "import { createSmsRepository } from '../modules/sms/sms.repository';",
      // Allowed: its own repository, another module's service, module file or types.
      [`${m}/auth/auth.service.ts`]: "import type { AuthRepository } from './auth.repository';",
      [`${m}/shops/shops.service.ts`]: "import type { OtpService } from '../auth/otp.service';",
      [`${m}/ops/ops.service.ts`]: "import { smsModule } from '../sms/sms.module';",
      'apps/server/src/plugins/guards.ts':
        "import type { SessionsService } from '../modules/auth/sessions.service';",
    };
    expect(checkArchitecture(tree).map((v) => `${v.rule} ${v.file}`)).toEqual([
      `module-boundary ${m}/team/team.service.ts`,
      `module-boundary ${m}/returns/returns.routes.ts`,
      'module-boundary apps/server/src/plugins/auth.ts',
      'module-boundary apps/server/src/jobs/x.job.ts',
    ]);
  });

  it('finds each query builder call and the sql template outside repositories', () => {
    const calls = [
      "db.selectFrom('shops').selectAll().execute()",
      "trx.insertInto('shops').values(v).execute()",
      "db.updateTable('shops').set(v).execute()",
      "db.deleteFrom('shops').execute()",
      'db.selectNoFrom((eb) => eb.val(1)).execute()',
      "db.mergeInto('shops').execute()",
      "db.replaceInto('shops').execute()",
      "db.with('x', (q) => q).execute()",
      'sql`select 1`.execute(db)',
      'sql<{ now: Date }>`select now()`.execute(db)',
      "db.selectNoFrom(sql.lit(1).as('one'))",
    ];
    const service = 'apps/server/src/modules/shops/shops.service.ts';
    for (const call of calls) {
      expect(rulesOf({ [service]: `export const f = (db) => ${call};` }), call).toContain(
        'sql-outside-repository',
      );
    }
    for (const file of [
      'apps/server/src/modules/shops/shops.routes.ts',
      'apps/server/src/plugins/rate-limit.ts',
      'apps/server/src/lib/x.ts',
      'apps/server/src/jobs/x.job.ts',
      'apps/server/src/cli.ts',
    ]) {
      expect(rulesOf({ [file]: "db.selectFrom('shops')" }), file).toEqual(['sql-outside-repository']);
    }
    // Where SQL belongs, and words that only look like it.
    expect(
      rulesOf({
        'apps/server/src/modules/shops/shops.repository.ts': "db.selectFrom('shops'); sql`select 1`;",
        'apps/server/src/db/seed/x.ts': "db.insertInto('areas')",
        'apps/server/src/modules/shops/shops.routes.test.ts': "db.selectFrom('shops')",
        'apps/server/src/modules/shops/shops.service.ts':
          "// db.selectFrom('shops')\nconst s = 'updateTable(x)'; name.endsWith('x'); db.transaction();",
      }),
    ).toEqual([]);
    // The temporary allow-list tolerates a named file only.
    const tree = { 'apps/server/src/modules/hubs/hubs.service.ts': "db.selectFrom('hubs')" };
    expect(checkArchitecture(tree, new Set(Object.keys(tree)))).toEqual([]);
  });

  it("refuses a server file naming the web's files, except config.ts", () => {
    const site = 'apps/server/src/modules/site/site.renderer.ts';
    for (const line of [
      "const source = new URL('../../../../web/src/site/entry-server.tsx', import.meta.url);",
      "const built = join(webDist, '../dist-ssr/entry-server.js');",
      "const dist = join(here, '../../web/dist');",
      "import { render } from '@dak/web/site';",
    ]) {
      expect(rulesOf({ [site]: line }), line).toEqual(['web-path']);
    }
    expect(rulesOf({ 'apps/server/src/config.ts': "const dist = '../../web/dist';" })).toEqual([]);
    expect(rulesOf({ [site]: "const page = 'https://dak.com.bd/web-orders';" })).toEqual([]);
  });
});
