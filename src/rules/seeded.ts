// Seeded random numbers (mulberry32): one seed, one sequence. A shuffled smart playlist and
// 随便听听 keep their seed, so the same seed over the same tracks or albums gives the same draw.

/** a new seed (重新随机, 换一批) */
export const newSeed = (random: () => number = Math.random): number => Math.floor(random() * 0x1_0000_0000) >>> 0;

/** numbers in [0, 1) from `seed` */
export function seeded(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let x = state;
    x = Math.imul(x ^ (x >>> 15), x | 1);
    x ^= x + Math.imul(x ^ (x >>> 7), x | 61);
    return ((x ^ (x >>> 14)) >>> 0) / 0x1_0000_0000;
  };
}
