import type { Services } from "../services";
import type { Db } from "./database";

/** The demo install's two accounts; the start banner prints them (demo mode only). */
export const DEMO_ACCOUNTS = {
  admin: {
    email: "admin@vanxuan-awards.example",
    password: "demo-admin-vanxuan",
    name: "Quản trị viên Demo",
  },
  entrant: {
    email: "thisinh@vanxuan-awards.example",
    password: "demo-entrant-vanxuan",
    name: "Nguyễn Thị Demo",
  },
} as const;

/** Creates the demo admin and demo entrant once; later runs find them and change nothing. */
export async function seedDemoAccounts(
  db: Db,
  services: Pick<Services, "identity">,
): Promise<void> {
  const exists = async (email: string) =>
    Boolean(
      await db.kysely.selectFrom("user").select("id").where("email", "=", email).executeTakeFirst(),
    );

  if (!(await exists(DEMO_ACCOUNTS.admin.email))) {
    await services.identity.createStaff({ ...DEMO_ACCOUNTS.admin, role: "admin" });
  }
  if (!(await exists(DEMO_ACCOUNTS.entrant.email))) {
    const id = await services.identity.createEntrant({
      email: DEMO_ACCOUNTS.entrant.email,
      password: DEMO_ACCOUNTS.entrant.password,
      profile: {
        type: "individual",
        fullName: DEMO_ACCOUNTS.entrant.name,
        phone: "+84912345678",
        address: "12 Lê Thánh Tôn, Phường Bến Nghé, Quận 1, TP. Hồ Chí Minh",
        personalId: null,
        companyName: null,
        businessRegistrationNumber: null,
        taxCode: null,
        licenceFileId: null,
      },
    });
    await services.identity.markEmailVerified(id);
  }
}
