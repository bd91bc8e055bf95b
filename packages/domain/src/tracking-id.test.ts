import { describe, expect, it } from 'vitest';
import {
  consignmentNumberOf,
  isValidTrackingId,
  newTrackingId,
  normalizeTrackingId,
  trackingCheckCharacter,
  trackingIdAlphabet,
  trackingIdOfConsignmentNumber,
} from './tracking-id';

/** A seeded generator (mulberry32), so the sample is the same on every run. */
function seeded(seed: number) {
  let a = seed;
  return (max: number) => {
    a = (a + 0x6d2b79f5) | 0;
    let t = Math.imul(a ^ (a >>> 15), 1 | a);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return Math.floor((((t ^ (t >>> 14)) >>> 0) / 4294967296) * max);
  };
}

describe('the alphabet', () => {
  it('has 29 characters (a prime), none of them look-alikes', () => {
    expect(trackingIdAlphabet).toHaveLength(29);
    expect(new Set(trackingIdAlphabet).size).toBe(29);
    for (const c of '01OILUZ') expect(trackingIdAlphabet).not.toContain(c);
  });
});

describe('newTrackingId', () => {
  it('makes DK + 8 + 1 characters that pass the check', () => {
    const random = seeded(1);
    for (let i = 0; i < 1000; i++) {
      const id = newTrackingId(random);
      expect(id).toMatch(/^DK[2-9A-HJKMNP-TV-Y]{9}$/);
      expect(isValidTrackingId(id)).toBe(true);
    }
    expect(isValidTrackingId(newTrackingId((max) => Math.floor(Math.random() * max)))).toBe(true);
  });

  it('computes the documented check: Σ weight × value ≡ 0 mod 29', () => {
    expect(trackingCheckCharacter('22222222')).toBe('2');
    const id = newTrackingId(seeded(7));
    const values = [...id.slice(2)].map((c) => trackingIdAlphabet.indexOf(c));
    const sum = values.slice(0, 8).reduce((s, v, i) => s + (i + 2) * v, 0) + (values[8] ?? 0);
    expect(sum % 29).toBe(0);
  });
});

describe('isValidTrackingId', () => {
  const random = seeded(42);
  const sample = Array.from({ length: 300 }, () => newTrackingId(random));

  it('catches every single-character substitution', () => {
    for (const id of sample) {
      for (let pos = 2; pos < id.length; pos++) {
        for (const c of trackingIdAlphabet) {
          if (c === id[pos]) continue;
          const typo = id.slice(0, pos) + c + id.slice(pos + 1);
          expect(isValidTrackingId(typo), typo).toBe(false);
        }
      }
    }
  });

  it('catches every swap of two different neighbours', () => {
    for (const id of sample) {
      for (let pos = 2; pos < id.length - 1; pos++) {
        if (id[pos] === id[pos + 1]) continue;
        const swapped = id.slice(0, pos) + id[pos + 1] + id[pos] + id.slice(pos + 2);
        expect(isValidTrackingId(swapped), swapped).toBe(false);
      }
    }
  });

  it('refuses a wrong prefix, length, case or character', () => {
    const id = sample[0] as string;
    expect(isValidTrackingId(`DX${id.slice(2)}`)).toBe(false);
    expect(isValidTrackingId(id.slice(0, -1))).toBe(false);
    expect(isValidTrackingId(`${id}2`)).toBe(false);
    expect(isValidTrackingId(id.toLowerCase())).toBe(false);
    expect(isValidTrackingId(`DK0${id.slice(3)}`)).toBe(false);
    expect(isValidTrackingId('')).toBe(false);
  });
});

describe('normalizeTrackingId', () => {
  it('forgives case, spaces and dashes, nothing else', () => {
    const id = newTrackingId(seeded(3));
    expect(normalizeTrackingId(` ${id.toLowerCase().slice(0, 6)}-${id.slice(6).toLowerCase()} `)).toBe(id);
    expect(normalizeTrackingId(`${id.slice(0, -1)}0`)).toBeNull();
  });
});

describe('consignment numbers', () => {
  it('lead back to the same tracking ID, for the ends of the range and random IDs', () => {
    let seed = 7;
    const randomInt = (max: number) => {
      seed = (seed * 1103515245 + 12345) % 2 ** 31;
      return seed % max;
    };
    const ids = [
      'DK222222222',
      'DKYYYYYYYY',
      ...Array.from({ length: 200 }, () => newTrackingId(randomInt)),
    ].map((id) =>
      isValidTrackingId(id) ? id : `${id.slice(0, 10)}${trackingCheckCharacter(id.slice(2, 10))}`,
    );
    for (const id of ids) {
      const n = consignmentNumberOf(id);
      expect(Number.isSafeInteger(n)).toBe(true);
      expect(n).toBeGreaterThan(0);
      expect(trackingIdOfConsignmentNumber(n)).toBe(id);
    }
    expect(consignmentNumberOf(ids[0] as string)).toBe(1);
    expect(consignmentNumberOf(ids[1] as string)).toBe(29 ** 8);
  });

  it('refuse numbers that are not one', () => {
    for (const n of [0, -1, 1.5, 29 ** 8 + 1, Number.MAX_SAFE_INTEGER + 2]) {
      expect(trackingIdOfConsignmentNumber(n)).toBeNull();
    }
  });
});
