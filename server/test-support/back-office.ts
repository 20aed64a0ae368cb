import { seedDemoContent } from "../demo/demo-content";
import { signedInApp, TEST_NOW, type SignedInApp } from "./signed-in-app";

/**
 * The app of the back-office tests over HTTP, with the demo content (the edit and preview
 * routes open item 1 of each content type) and staff `access-<role>@vanxuan-awards.example`
 * and the entrant `access-entrant@example.vn` signed in. Call it once at the top of a test file.
 */
export function backOfficeApp(): SignedInApp {
  return signedInApp({
    staffEmail: (role) => `access-${role.replace("_", "-")}@vanxuan-awards.example`,
    entrant: { email: "access-entrant@example.vn", fullName: "Thí Sinh Thử" },
    prepare: (started) => seedDemoContent(started.db, TEST_NOW),
  });
}
