// Interleaved rounds and medians of per-round ratios, for `npm run bench` and `npm run bench:compare`.
// On a shared 2-core machine a page's req/s drifts by a fifth or more within minutes, so a figure
// measured alone says little; the same drift falls alike on two rows measured back to back. Each
// round therefore measures a row next to its reference, and a row's figure is the median over the
// rounds of its ratio to the reference of the same round.

/** The middle value (the mean of the two middle ones for an even count); NaN for none. */
export function median(values: number[]): number {
  if (values.length === 0) return NaN;
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[middle]! : (sorted[middle - 1]! + sorted[middle]!) / 2;
}

export interface RoundRatios {
  /** Per round: the value over the reference of that round. */
  ratios: number[];
  median: number;
  min: number;
  max: number;
}

/** `values[i] / references[i]` per round, with their median and their spread. */
export function roundRatios(values: number[], references: number[]): RoundRatios {
  if (values.length !== references.length)
    throw new Error(`${values.length} values for ${references.length} references: one each per round`);
  const ratios = values.map((value, round) => value / references[round]!);
  return {
    ratios,
    median: median(ratios),
    min: ratios.length ? Math.min(...ratios) : NaN,
    max: ratios.length ? Math.max(...ratios) : NaN,
  };
}

/** "0.85x (0.70–0.95)": the median ratio, then the lowest and highest round. */
export const formatRatio = ({ median: m, min, max }: RoundRatios) =>
  `${m.toFixed(2)}x (${min.toFixed(2)}–${max.toFixed(2)})`;

/**
 * Whether a row's reference is measured before it (else right after it): alternating by round and
 * by row, so neither side always gets the machine first after the other's load.
 */
export const referenceFirst = (round: number, row: number) => (round + row) % 2 === 0;

/** A member page's verdict against the goal ratio: "met" at the goal or above. */
export const ratioVerdict = (ratio: number, goal: number) => (ratio >= goal ? "met" : `below ${goal}x`);

/** A 1-minute load average above this, before a run, makes its absolute figures unreliable. */
export const NOISY_LOAD = 1.0;

/** What the run says about the machine it ran on, from the 1-minute load average before it. */
export function machineNote(loadBefore: number, cpus: number): string {
  return loadBefore > NOISY_LOAD
    ? `Noisy machine: the 1-minute load average before the run was ${loadBefore.toFixed(2)} (above ` +
        `${NOISY_LOAD.toFixed(1)}) on ${cpus} CPU(s); absolute figures are unreliable, the per-round ratios less so.`
    : `Quiet machine: the 1-minute load average before the run was ${loadBefore.toFixed(2)} on ${cpus} CPU(s).`;
}
