/**
 * FNV-1a over UTF-16 units: cheap, stable, and only used to pick boundaries. Another seed gives boundaries
 * independent of these (a metarange's parts are cut at its rows' last keys, which are range boundaries).
 */
export function keyHash(key: string, seed = 0x811c9dc5): number {
  let h = seed;
  for (let i = 0; i < key.length; i++) {
    h ^= key.charCodeAt(i);
    h = Math.imul(h, 0x01000193);
  }
  // A final avalanche so the low bits, which the modulo reads, depend on every unit.
  h ^= h >>> 15;
  h = Math.imul(h, 0x2c1b3c6d);
  h ^= h >>> 12;
  return h >>> 0;
}
