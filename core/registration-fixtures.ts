import type { z } from "zod";
import type { RegistrationInput } from "./registration";

// Valid registrations of both kinds and a problem lister, shared by the registration tests.

/** The i18n keys of the problems zod reports, by field path. */
export function problems(schema: z.ZodType, input: unknown): Record<string, string> {
  const result = schema.safeParse(input);
  if (result.success) return {};
  return Object.fromEntries(
    result.error.issues.map((issue) => [issue.path.join("."), issue.message]),
  );
}

export const individual = {
  type: "individual",
  fullName: "Nguyễn Thị Minh Anh",
  phone: "0912 345 678",
  email: "minhanh@example.vn",
  address: "12 Lê Lợi, Phường Bến Nghé, Quận 1, TP. Hồ Chí Minh",
  password: "hoa sen nở giữa hồ",
  acceptRules: true,
} satisfies RegistrationInput;

export const enterprise = {
  type: "enterprise",
  companyName: "Công ty Cổ phần Sáng tạo Vạn Xuân",
  businessRegistrationNumber: "0100233488",
  taxCode: "0100233488",
  representativeName: "Trần Văn Bình",
  phone: "028 3822 1234",
  email: "lienhe@vanxuan.example",
  address: "1 Tràng Tiền, Hoàn Kiếm, Hà Nội",
  licenceFileId: "file_01HZX3",
  password: "bánh mì Hội An giòn tan",
  acceptRules: true,
} satisfies RegistrationInput;
