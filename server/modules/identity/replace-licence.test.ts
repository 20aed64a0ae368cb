import { beforeAll, describe, expect, it } from "vitest";
import { LICENCE_FILE_RULES } from "../../../core/upload-rules";
import type { Db } from "../../db/database";
import type { Services } from "../../services";
import { testDatabases } from "../../test-support/databases";
import { identityTestbed, individual, PASSWORD, PDF, PNG, uniqueEmail } from "./testbed";
import type { RegistrantProfile } from "./types";

const upload = (data: Uint8Array) => ({
  data,
  allowedMimes: LICENCE_FILE_RULES.mimeTypes,
  maxBytes: LICENCE_FILE_RULES.maxBytes,
});

describe.each(testDatabases())("identity on $name", (target) => {
  describe.skipIf(!target.available)("replacing a company's business licence", () => {
    const { bed } = identityTestbed(target);
    let db: Db;
    let services: Services;
    beforeAll(() => {
      ({ db, services } = bed);
    });

    /** A company entrant whose licence (a PNG scan) was stored at registration. */
    async function company() {
      const email = uniqueEmail("congty");
      const old = await services.files.save({
        data: PNG,
        purpose: "licence",
        ownerUserId: null,
        allowedMimes: LICENCE_FILE_RULES.mimeTypes,
        maxBytes: LICENCE_FILE_RULES.maxBytes,
        tooLargeKey: "validation.licenceTooLarge",
        wrongTypeKey: "validation.licenceType",
      });
      const profile: RegistrantProfile = {
        type: "enterprise",
        fullName: "Nguyễn Thị Đại Diện",
        phone: "+84912345678",
        address: "1 Tràng Tiền, Hoàn Kiếm, Hà Nội",
        personalId: null,
        companyName: "Công ty TNHH Giấy Phép",
        businessRegistrationNumber: "0314409058",
        taxCode: "0314409058",
        licenceFileId: old.id,
      };
      const id = await services.identity.createEntrant({ email, password: PASSWORD, profile });
      expect(await services.files.claim(old.id, id, "licence")).toBe(true);
      return { id, email, oldId: old.id };
    }

    const ownedLicences = async (userId: string) =>
      (
        await db.kysely
          .selectFrom("files")
          .select("id")
          .where("owner_user_id", "=", userId)
          .where("purpose", "=", "licence")
          .execute()
      ).map((f) => f.id);

    it("stores the new licence, points the profile and the back office at it, lets the old go, and audits it", async () => {
      const { id, email, oldId } = await company();
      const replaced = await services.identity.replaceLicence(
        { id, email, ip: "203.0.113.5" },
        upload(PDF),
      );
      if (!replaced.ok) throw new Error(`refused: ${JSON.stringify(replaced)}`);
      const newId = replaced.licenceFileId;
      expect(newId).not.toBe(oldId);
      expect((await services.identity.registrantProfile(id))?.licenceFileId).toBe(newId);
      expect((await services.files.read(newId))?.data.equals(PDF)).toBe(true);
      // Staff see the new file on the registrant's page.
      expect((await services.registrants.get(id))?.licence).toMatchObject({
        id: newId,
        mime: "application/pdf",
      });
      // The old file belongs to nobody now: the sweep of unowned files deletes it.
      expect(await ownedLicences(id)).toEqual([newId]);
      await services.files.sweepUnowned(0);
      expect(await services.files.find(oldId)).toBeUndefined();
      expect(await services.files.find(newId)).toBeDefined();

      const audit = await services.audit.list({ search: "registrant.licence" });
      const entry = audit.items.find((item) => item.targetId === id);
      expect(entry).toMatchObject({
        actorId: id,
        actorEmail: email,
        action: "registrant.licence",
        targetType: "user",
        ip: "203.0.113.5",
        summary: { licenceFileId: [oldId, newId] },
      });
    });

    it("keeps the licence on file when the new one is refused by its content", async () => {
      const { id, email, oldId } = await company();
      const notPdf = Buffer.from("Giấy phép kinh doanh (không phải PDF)\n");
      const refused = await services.identity.replaceLicence({ id, email }, upload(notPdf));
      expect(refused).toMatchObject({
        ok: false,
        status: 400,
        fieldErrors: { licence: "validation.licenceType" },
      });
      const empty = await services.identity.replaceLicence({ id, email }, upload(new Uint8Array()));
      expect(empty).toMatchObject({
        ok: false,
        fieldErrors: { licence: "validation.licenceType" },
      });
      expect((await services.identity.registrantProfile(id))?.licenceFileId).toBe(oldId);
      expect(await ownedLicences(id)).toEqual([oldId]);
      expect((await services.files.read(oldId))?.data.equals(PNG)).toBe(true);
    });

    it("takes ten replacements an hour per account, then asks to wait", async () => {
      const { id, email } = await company();
      for (let i = 0; i < 10; i += 1) {
        expect(await services.identity.replaceLicence({ id, email }, upload(PDF))).toMatchObject({
          ok: true,
        });
      }
      const refused = await services.identity.replaceLicence({ id, email }, upload(PDF));
      expect(refused).toMatchObject({ ok: false, status: 429, formError: "auth.tooManyAttempts" });
    });

    it("refuses an individual entrant, who has no licence to replace", async () => {
      const email = uniqueEmail("canhan");
      const id = await services.identity.createEntrant({
        email,
        password: PASSWORD,
        profile: individual("Lê Cá Nhân"),
      });
      const refused = await services.identity.replaceLicence({ id, email }, upload(PDF));
      expect(refused).toMatchObject({
        ok: false,
        status: 403,
        formError: "account.licence.notEnterprise",
      });
      expect(await ownedLicences(id)).toEqual([]);
      expect((await services.identity.registrantProfile(id))?.licenceFileId).toBeNull();
    });
  });
});
