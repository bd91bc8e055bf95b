import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';

/**
 * Issue 12 for the parcels modules: SQL only in their repositories, and no write of the tables
 * parcel-transitions owns (events, audit log). Read as text, like the architecture test does for
 * the whole server.
 */
const modules = join(import.meta.dirname, '..');
const folders = ['parcels', 'bulk-parcels', 'parcel-exports'];
const files = folders.flatMap((folder) =>
  readdirSync(join(modules, folder))
    .filter((name) => name.endsWith('.ts') && !name.endsWith('.test.ts'))
    .map((name) => ({ path: `${folder}/${name}`, text: readFileSync(join(modules, folder, name), 'utf8') })),
);

const queryBuilder =
  /\.(selectFrom|insertInto|updateTable|deleteFrom|selectNoFrom|mergeInto|replaceInto|with)\(|\bsql`/;
const ownedTables =
  /(insertInto|updateTable|deleteFrom)\(\s*'(parcel_events|parcel_audit_log)'|(insert into|update|delete from)\s+(parcel_events|parcel_audit_log)\b/i;

describe('the parcels modules', () => {
  it('are read from disk', () => {
    expect(files.map((f) => f.path)).toEqual(
      expect.arrayContaining(['parcels/parcels.service.ts', 'bulk-parcels/bulk-parcels.service.ts']),
    );
  });

  it('keep their SQL in their repositories', () => {
    const offenders = files
      .filter((f) => !f.path.endsWith('.repository.ts') && queryBuilder.test(f.text))
      .map((f) => f.path);
    expect(offenders).toEqual([]);
  });

  it('leave the events and the audit log to parcel-transitions', () => {
    expect(files.filter((f) => ownedTables.test(f.text)).map((f) => f.path)).toEqual([]);
  });

  it('have no file over 400 lines', () => {
    const long = files.filter((f) => f.text.split('\n').length > 400).map((f) => f.path);
    expect(long).toEqual([]);
  });
});
