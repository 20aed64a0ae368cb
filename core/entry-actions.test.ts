import { describe, expect, it } from "vitest";
import { entryActionSchema, parseEntryAction, type EntryActionInput } from "./entry-actions";

describe("entry page actions", () => {
  it("read each intent's body", () => {
    const bodies: EntryActionInput[] = [
      { intent: "save", entryId: null, version: null, values: { brandName: "Vinamilk" } },
      { intent: "save", entryId: "e1", version: 3, values: {} },
      { intent: "submit", entryId: "e1", version: 4, values: { campaignName: "Tết" } },
      { intent: "withdraw", entryId: "e1" },
      { intent: "removeFile", entryId: "e1", fileId: "f1" },
      { intent: "duplicate", entryId: "e1", categoryId: "12", trackId: "3" },
    ];
    for (const body of bodies) {
      expect(parseEntryAction(body), JSON.stringify(body)).toMatchObject({
        ok: true,
        action: { intent: body.intent },
      });
    }
    expect(entryActionSchema.parse({ intent: "save" })).toEqual({ intent: "save", values: {} });
  });

  it("never guess an unknown intent", () => {
    for (const body of [{ intent: "delete", entryId: "e1" }, { entryId: "e1" }, null, "save", []]) {
      expect(parseEntryAction(body), JSON.stringify(body)).toEqual({
        ok: false,
        intent: null,
        messageKey: "entryForm.unknownAction",
      });
    }
  });

  it("refuse a known intent with a malformed body, naming the intent", () => {
    for (const body of [
      { intent: "withdraw" },
      { intent: "withdraw", entryId: "" },
      { intent: "submit", entryId: "e1", values: "brandName=x" },
      { intent: "removeFile", entryId: "e1" },
      { intent: "duplicate", entryId: "e1", categoryId: "TVC" },
      { intent: "save", version: "3" },
      { intent: "save", entryId: "x".repeat(65) },
    ]) {
      expect(parseEntryAction(body), JSON.stringify(body)).toEqual({
        ok: false,
        intent: body.intent,
        messageKey: "entryForm.requestFailed",
      });
    }
  });
});
