// The seeds a comparison script runs, as its --seeds option writes them (compare-search.mjs,
// race-runs.mjs).

/** "1-8" or "1,5,9" or "1-4,10": the seeds in order (a range B-A with B < A is empty). @param {string} s */
export function parseSeeds(s) {
  const seeds = [];
  for (const part of s.split(",")) {
    const m = /^(\d+)(?:-(\d+))?$/.exec(part.trim());
    if (!m) throw new Error(`--seeds: '${part}' is not a seed or a range`);
    const a = Number(m[1]);
    const b = m[2] === undefined ? a : Number(m[2]);
    for (let x = a; x <= b; x++) seeds.push(x);
  }
  return seeds;
}
