import { describe, expect, it } from "vitest";
import { describeRss, parseVmRssMb, rssMb, rssSummary, rssVerdict } from "../../bench/memory";

const STATUS = `Name:\tnode
Umask:\t0022
State:\tS (sleeping)
VmPeak:\t 1234567 kB
VmSize:\t 1200000 kB
VmHWM:\t  300000 kB
VmRSS:\t  262144 kB
RssAnon:\t  200000 kB
`;

describe("parseVmRssMb", () => {
  it("reads VmRSS (not VmHWM or RssAnon) in MB", () => {
    expect(parseVmRssMb(STATUS)).toBe(256);
  });

  it("fails on a status without it (a process that ended, or a kernel thread)", () => {
    expect(() => parseVmRssMb("Name:\tkthreadd\nState:\tS\n")).toThrow(/No VmRSS/);
  });
});

describe("rssMb", () => {
  it("reads a running node process's resident memory", async () => {
    const mb = await rssMb(process.pid);
    expect(mb).toBeGreaterThan(10);
    expect(mb).toBeLessThan(64 * 1024);
  });
});

describe("rssVerdict", () => {
  it("meets the goal at 300 MB or less", () => {
    expect(rssVerdict(300)).toBe("met");
    expect(rssVerdict(300.5)).toBe("NOT met");
  });
});

describe("rssSummary and describeRss", () => {
  it("give start, peak and end, and the growth from start to end", () => {
    expect(rssSummary([180, 240, 210])).toEqual({ start: 180, peak: 240, end: 210, growth: 30 });
    expect(describeRss([180, 240, 210])).toBe("RSS start 180 MB, peak 240 MB, end 210 MB; grew 30 MB (+17%)");
  });

  it("call a change of a few MB steady, and a fall a fall", () => {
    expect(describeRss([200, 230, 203])).toBe("RSS start 200 MB, peak 230 MB, end 203 MB; steady (+3 MB)");
    expect(describeRss([200, 198])).toBe("RSS start 200 MB, peak 200 MB, end 198 MB; steady (−2 MB)");
    expect(describeRss([250, 260, 220])).toBe("RSS start 250 MB, peak 260 MB, end 220 MB; shrank 30 MB");
  });

  it("need at least one sample", () => {
    expect(() => rssSummary([])).toThrow(/No RSS samples/);
  });
});
