import { readFileSync } from 'node:fs';
import { isValidRoutingNumber, parseRoutingNumber } from '@dak/domain/banks';
import { describe, expect, it } from 'vitest';
import { type BankSeed, type BranchSeed, buildBranches, districtCodes } from './bank-rules';

const read = <T>(name: string) =>
  JSON.parse(readFileSync(new URL(`./${name}`, import.meta.url), 'utf8')) as T;
const banks = read<BankSeed[]>('banks.json');
const branches = read<BranchSeed[]>('bank-branches.json');
const districts = read<{ id: string }[]>('geo/districts.json');

describe('the bank seed', () => {
  it('lists the major scheduled banks once each, with unique codes', () => {
    expect(banks.length).toBeGreaterThanOrEqual(40);
    expect(new Set(banks.map((b) => b.id)).size).toBe(banks.length);
    expect(new Set(banks.map((b) => b.code)).size).toBe(banks.length);
    for (const id of [
      'sonali',
      'dutch-bangla',
      'brac',
      'islami-bank-bangladesh',
      'hsbc',
      'standard-chartered',
    ]) {
      expect(banks.map((b) => b.id)).toContain(id);
    }
    for (const bank of banks) expect(bank.code, bank.id).toMatch(/^\d{3}$/);
  });

  it('has a district code for each of the 64 districts, all different', () => {
    expect(Object.keys(districtCodes).sort()).toEqual(districts.map((d) => d.id).sort());
    expect(new Set(Object.values(districtCodes)).size).toBe(64);
  });

  it('is exactly what the generator makes (re-run scripts/build-bank-branches.ts after edits)', () => {
    expect(branches).toEqual(buildBranches(banks));
  });

  it('gives every branch a valid routing number of its bank and district', () => {
    const codeOf = new Map(banks.map((b) => [b.id, b.code]));
    expect(new Set(branches.map((b) => b.routing_number)).size).toBe(branches.length);
    for (const branch of branches) {
      expect(isValidRoutingNumber(branch.routing_number), branch.routing_number).toBe(true);
      const parts = parseRoutingNumber(branch.routing_number);
      expect(parts?.bankCode).toBe(codeOf.get(branch.bank_id));
      expect(parts?.districtCode).toBe(districtCodes[branch.district_id]);
    }
    expect(new Set(branches.map((b) => b.bank_id))).toEqual(new Set(banks.map((b) => b.id)));
  });

  it('marks some branches inactive', () => {
    const inactive = branches.filter((b) => !b.active).length;
    expect(inactive).toBeGreaterThan(20);
    expect(inactive).toBeLessThan(branches.length / 10);
  });
});
