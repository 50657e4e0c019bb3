import { describe, expect, it } from "vitest";
import {
  formatRatio,
  machineNote,
  median,
  ratioVerdict,
  referenceFirst,
  roundRatios,
} from "../../bench/rounds";

describe("median", () => {
  it("takes the middle value, or the mean of the two middle ones, whatever the order", () => {
    expect(median([5, 1, 3])).toBe(3);
    expect(median([4, 1, 3, 2])).toBe(2.5);
    expect(median([7])).toBe(7);
    expect(median([])).toBeNaN();
  });

  it("leaves its input in its order", () => {
    const values = [3, 1, 2];
    median(values);
    expect(values).toEqual([3, 1, 2]);
  });
});

describe("roundRatios", () => {
  it("divides each round's value by the reference of the same round, not by a median of the references", () => {
    // The machine slowed down in round 2: both sides halved, the ratio held.
    const ratios = roundRatios([80, 40, 90], [100, 50, 100]);
    expect(ratios.ratios).toEqual([0.8, 0.8, 0.9]);
    expect(ratios.median).toBeCloseTo(0.8);
    expect(ratios.min).toBeCloseTo(0.8);
    expect(ratios.max).toBeCloseTo(0.9);
    // A slow round on both sides: the ratio of the medians (60 / 100) would call the row slower.
    expect(roundRatios([60, 40, 90], [100, 50, 100]).median).toBeCloseTo(0.8);
    expect(median([60, 40, 90]) / median([100, 50, 100])).toBeCloseTo(0.6);
  });

  it("refuses values and references of different rounds", () => {
    expect(() => roundRatios([1, 2], [1])).toThrow(/one each per round/);
  });

  it("is shown as the median with the lowest and highest round", () => {
    expect(formatRatio(roundRatios([85, 70, 95], [100, 100, 100]))).toBe("0.85x (0.70–0.95)");
  });
});

describe("referenceFirst", () => {
  it("alternates the reference before and after a row, by round and by row", () => {
    expect([0, 1, 2, 3].map((round) => referenceFirst(round, 0))).toEqual([true, false, true, false]);
    expect([0, 1, 2].map((row) => referenceFirst(0, row))).toEqual([true, false, true]);
  });
});

describe("ratioVerdict", () => {
  it("meets the goal at the goal ratio or above", () => {
    expect(ratioVerdict(0.8, 0.8)).toBe("met");
    expect(ratioVerdict(1.2, 0.8)).toBe("met");
    expect(ratioVerdict(0.79, 0.8)).toBe("below 0.8x");
  });
});

describe("machineNote", () => {
  it("calls a machine noisy when its 1-minute load average before the run is above 1.0", () => {
    expect(machineNote(1.01, 2)).toMatch(/^Noisy machine: .* 1\.01 .* on 2 CPU\(s\)/);
    expect(machineNote(1.0, 2)).toMatch(/^Quiet machine: .* 1\.00 on 2 CPU\(s\)/);
    expect(machineNote(0.2, 8)).toMatch(/^Quiet machine/);
  });
});
