import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase } from '../../test/helpers';
import { allowedValues, generateTableTypes } from './codegen';
import { generatedDir } from './generate-types';

/**
 * db/generated/tables.ts is what the migrations make: generated again from this run's migrated
 * template (cloned), it must be the committed file byte for byte.
 */
let database: Awaited<ReturnType<typeof createTestDatabase>>;
beforeAll(async () => {
  database = await createTestDatabase({ poolMax: 1, jobsPoolMax: 1 });
});
afterAll(() => database.close());

describe('the generated database types', () => {
  it('match the migrations (else run `npm run db:types` and commit the file)', async () => {
    const fresh = await generateTableTypes(database.pool);
    for (const [name, text] of Object.entries(fresh)) {
      const committed = await readFile(join(generatedDir, name), 'utf8');
      expect(text, `db/generated/${name} is out of date: run \`npm run db:types\``).toBe(committed);
    }
  });

  it('follow a changed table: a new column, its nullability, default and allowed values', async () => {
    await database.pool.query(
      `alter table zones add column colour text not null default 'red' check (colour in ('red', 'it''s'))`,
    );
    try {
      const fresh = (await generateTableTypes(database.pool))['tables-p-z.ts'] ?? '';
      expect(fresh).toContain(`  colour: Generated<'it\\'s' | 'red'>;\n};`);
      expect(fresh).not.toBe(await readFile(join(generatedDir, 'tables-p-z.ts'), 'utf8'));
    } finally {
      await database.pool.query('alter table zones drop column colour');
    }
  });

  it('read a CHECK as a union only when it lists the values', () => {
    expect(allowedValues('kind', "CHECK ((kind = ANY (ARRAY['b'::text, 'a'::text])))")).toBe("'a' | 'b'");
    expect(allowedValues('type', "CHECK ((type = 'only'::text))")).toBe("'only'");
    expect(allowedValues('weight', 'CHECK ((weight > 0))')).toBeNull();
    expect(allowedValues('kind', 'CHECK ((length(kind) < 10))')).toBeNull();
  });
});
