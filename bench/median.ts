/**
 * Order statistics of repeated measurements. The bench reports medians, percentiles and ratios
 * of medians, never a single timing: the machine is shared and one sample says little.
 */

function sorted(samples: readonly number[]): number[] {
  if (samples.length === 0) throw new Error("No samples to summarise; run at least one round.");
  return [...samples].sort((a, b) => a - b);
}

/** The middle value of `samples`, or the mean of the two middle values for an even count. */
export function median(samples: readonly number[]): number {
  const values = sorted(samples);
  const middle = Math.floor(values.length / 2);
  return values.length % 2 === 1 ? values[middle]! : (values[middle - 1]! + values[middle]!) / 2;
}

/** The nearest-rank percentile: the smallest sample with at least `p` percent of samples at or below it. */
export function percentile(samples: readonly number[], p: number): number {
  const values = sorted(samples);
  const rank = Math.ceil((p / 100) * values.length);
  return values[Math.min(Math.max(rank, 1), values.length) - 1]!;
}
