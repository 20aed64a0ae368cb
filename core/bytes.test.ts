import { describe, expect, it } from "vitest";
import { formatBytes } from "./bytes";

describe("formatBytes", () => {
  it("writes bytes and kilobytes as whole numbers", () => {
    expect(formatBytes(512, "vi-VN")).toBe("512 B");
    expect(formatBytes(820 * 1024, "vi-VN")).toBe("820 KB");
    expect(formatBytes(1536, "en-GB")).toBe("2 KB");
  });

  it("writes megabytes with one decimal in the reader's format", () => {
    expect(formatBytes(1.5 * 1024 * 1024, "vi-VN")).toBe("1,5 MB");
    expect(formatBytes(1.5 * 1024 * 1024, "en-GB")).toBe("1.5 MB");
    expect(formatBytes(20 * 1024 * 1024, "vi-VN")).toBe("20 MB");
    expect(formatBytes(2 * 1024 * 1024 * 1024, "en-GB")).toBe("2 GB");
  });

  it("drops the decimal from 100 up, and reads nonsense as nothing", () => {
    expect(formatBytes(150.4 * 1024 * 1024, "en-GB")).toBe("150 MB");
    expect(formatBytes(Number.NaN, "vi-VN")).toBe("0 B");
    expect(formatBytes(-5, "vi-VN")).toBe("0 B");
  });
});
