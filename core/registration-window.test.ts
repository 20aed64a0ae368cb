import { describe, expect, it } from "vitest";
import { registrationClosedKey, registrationWindowState } from "./registration-window";

const OPENS = "2026-07-14T17:00:00.000Z"; // 15/07/2026 00:00 in Vietnam
const CLOSES = "2026-10-25T16:59:59.000Z"; // 25/10/2026 23:59:59 in Vietnam

describe("registration window", () => {
  const window = { registrationOpensAt: OPENS, registrationClosesAt: CLOSES };

  it("opens at its first instant and closes at its last", () => {
    expect(registrationWindowState(window, new Date("2026-07-14T16:59:59.999Z"))).toEqual({
      state: "not_yet_open",
      opensAt: OPENS,
    });
    expect(registrationWindowState(window, new Date(OPENS))).toEqual({
      state: "open",
      closesAt: CLOSES,
    });
    expect(registrationWindowState(window, new Date("2026-10-25T16:59:58.999Z")).state).toBe(
      "open",
    );
    expect(registrationWindowState(window, new Date(CLOSES))).toEqual({
      state: "closed",
      closedAt: CLOSES,
    });
  });

  it("is not limited by a bound the organisers left unset or that cannot be read", () => {
    const now = new Date("2030-01-01T00:00:00.000Z");
    expect(
      registrationWindowState({ registrationOpensAt: null, registrationClosesAt: null }, now),
    ).toEqual({ state: "open", closesAt: null });
    expect(
      registrationWindowState({ registrationOpensAt: OPENS, registrationClosesAt: "soon" }, now),
    ).toEqual({ state: "open", closesAt: null });
    expect(
      registrationWindowState(
        { registrationOpensAt: null, registrationClosesAt: CLOSES },
        new Date("2020-01-01T00:00:00.000Z"),
      ),
    ).toEqual({ state: "open", closesAt: CLOSES });
  });

  it("names the message for a refusal, and none while open", () => {
    expect(registrationClosedKey({ state: "open", closesAt: null })).toBeNull();
    expect(registrationClosedKey({ state: "not_yet_open", opensAt: OPENS })).toBe(
      "registration.window.notYetOpen",
    );
    expect(registrationClosedKey({ state: "closed", closedAt: CLOSES })).toBe(
      "registration.window.closed",
    );
  });
});
