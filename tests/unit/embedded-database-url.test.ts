import { describe, expect, it } from "vitest";
import { embeddedDatabaseUrl } from "../../server/embedded-postgres";

describe("embeddedDatabaseUrl", () => {
  it("reaches the embedded database through the Unix socket in its data folder", () => {
    const url = new URL(embeddedDatabaseUrl("/srv/hartklop/data/pg", 54329, "app"));
    expect(url.pathname).toBe("/app");
    expect(url.port).toBe("54329");
    expect(url.searchParams.get("host")).toBe("/srv/hartklop/data/pg");
  });

  it("falls back to TCP when the socket's path would be too long or the folder cannot be listed", () => {
    for (const dir of [`/srv/${"x".repeat(90)}/pg`, "/srv/a,b/pg", '/srv/"quoted"/pg']) {
      const url = new URL(embeddedDatabaseUrl(dir, 54329, "app"));
      expect(url.hostname, dir).toBe("127.0.0.1");
      expect(url.searchParams.has("host"), dir).toBe(false);
    }
  });
});
