// A small seeded PRNG: every fuzz request draws from its own stream, derived from (seed, index),
// so request #i of seed S is the same request whatever ran before it (see `--only`).

/** 32-bit FNV-1a of a string: turns (seed, index, label) into a stream seed. */
function hash(text) {
  let h = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) {
    h ^= text.charCodeAt(i);
    h = Math.imul(h, 0x01000193);
  }
  return h >>> 0;
}

/** A mulberry32 stream with helpers; `rng()` is a float in [0, 1). */
export function createRng(...parts) {
  let a = hash(parts.join(":"));
  const next = () => {
    a = (a + 0x6d2b79f5) | 0;
    let t = Math.imul(a ^ (a >>> 15), 1 | a);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  const rng = () => next();
  /** An integer in [min, max]. */
  rng.int = (min, max) => min + Math.floor(next() * (max - min + 1));
  /** True with probability p. */
  rng.chance = (p) => next() < p;
  /** One element of a non-empty array. */
  rng.pick = (list) => list[Math.floor(next() * list.length)];
  /** One of [weight, value] pairs, by weight. */
  rng.weighted = (pairs) => {
    const total = pairs.reduce((s, [w]) => s + w, 0);
    let r = next() * total;
    for (const [w, v] of pairs) {
      r -= w;
      if (r < 0) return v;
    }
    return pairs[pairs.length - 1][1];
  };
  /** A copy of the array in a random order. */
  rng.shuffle = (list) => {
    const out = [...list];
    for (let i = out.length - 1; i > 0; i--) {
      const j = Math.floor(next() * (i + 1));
      [out[i], out[j]] = [out[j], out[i]];
    }
    return out;
  };
  /** Lower-case letters and digits. */
  rng.word = (min = 3, max = 12) => {
    const n = rng.int(min, max);
    let s = "";
    for (let i = 0; i < n; i++) s += "abcdefghijklmnopqrstuvwxyz0123456789"[Math.floor(next() * 36)];
    return s;
  };
  return rng;
}
