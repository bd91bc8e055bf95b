/**
 * Numeric IDs for the peers' compatible APIs (issue 15, item 4). Pathao's cities, zones, areas and
 * stores and RedX's areas and pickup stores are integers, while Dak's are text slugs ("dhaka",
 * "dhaka--mirpur") and UUIDs. The number is derived from Dak's ID (32-bit FNV-1a, kept positive and
 * 31-bit so every client's integer type holds it), so it is the same on every installation and for
 * every shop, needs no stored mapping, and a client that cached it years ago still finds the place.
 * The way back is a lookup among the candidates (the 686 areas, a shop's pickup locations):
 * `compatNumberIndex` builds it and refuses a collision, which the seed's test checks never happens.
 */
export function compatNumberOf(id: string): number {
  let hash = 0x811c9dc5;
  for (let i = 0; i < id.length; i++) {
    hash ^= id.charCodeAt(i);
    hash = Math.imul(hash, 0x01000193) >>> 0;
  }
  // 0 is not an ID in the peers' APIs; keep 1 ≤ n ≤ 2³¹ − 1.
  return hash & 0x7fffffff || 1;
}

/** number → Dak ID over a set of IDs; throws when two IDs share a number (never with the seed). */
export function compatNumberIndex(ids: Iterable<string>): Map<number, string> {
  const index = new Map<number, string>();
  for (const id of ids) {
    const n = compatNumberOf(id);
    const other = index.get(n);
    if (other !== undefined && other !== id)
      throw new Error(`Compat number ${n} is shared by ${other} and ${id}`);
    index.set(n, id);
  }
  return index;
}
