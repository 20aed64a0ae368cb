import type { TFunction } from "i18next";
import type { FormFieldSpec } from "../../components/form/schema-form";

/** The password the person has now: asked again before a change to the account. */
export const currentPasswordField = (t: TFunction): FormFieldSpec => ({
  name: "currentPassword",
  label: t("account.currentPassword"),
  kind: "password",
  required: true,
  autoComplete: "current-password",
});

/** A new password and its confirmation (changing it, or setting it from a reset link). */
export const newPasswordFields = (t: TFunction): FormFieldSpec[] => [
  {
    name: "newPassword",
    label: t("account.newPassword"),
    kind: "password",
    required: true,
    autoComplete: "new-password",
    hint: t("registration.fields.password.hint"),
  },
  {
    name: "confirmPassword",
    label: t("account.confirmPassword"),
    kind: "password",
    required: true,
    autoComplete: "new-password",
  },
];
