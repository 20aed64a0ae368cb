import type { Lang } from "../../core/languages";
import type { EmailTemplate } from "../modules/mail/templates";

/** The subject each email must carry, written out so a changed text is noticed by the tests. */
export const SUBJECTS: Record<EmailTemplate, Record<Lang, string>> = {
  verification: {
    vi: "Xác nhận địa chỉ email của bạn – Giải thưởng Vạn Xuân",
    en: "Confirm your email address – Van Xuan Awards",
  },
  passwordReset: {
    vi: "Đặt lại mật khẩu của bạn – Giải thưởng Vạn Xuân",
    en: "Reset your password – Van Xuan Awards",
  },
  emailChange: {
    vi: "Xác nhận địa chỉ email mới – Giải thưởng Vạn Xuân",
    en: "Confirm your new email address – Van Xuan Awards",
  },
  emailChanged: {
    vi: "Email tài khoản của bạn đã được đổi – Giải thưởng Vạn Xuân",
    en: "Your account's email address has been changed – Van Xuan Awards",
  },
  welcome: {
    vi: "Chào mừng bạn đến với Giải thưởng Vạn Xuân",
    en: "Welcome to the Van Xuan Awards",
  },
  entryReceipt: {
    vi: "Đã nhận bài dự thi VX26-TVC-0042 – Giải thưởng Vạn Xuân",
    en: "Entry VX26-TVC-0042 received – Van Xuan Awards",
  },
  entryStatusChanged: {
    vi: "Bài dự thi VX26-TVC-0042 “Tết sum vầy”: Cần bổ sung – Giải thưởng Vạn Xuân",
    en: "Entry VX26-TVC-0042 “Tết sum vầy”: Needs changes – Van Xuan Awards",
  },
  staffInvitation: {
    vi: "Lời mời tham gia quản trị – Giải thưởng Vạn Xuân",
    en: "Your invitation to the back office – Van Xuan Awards",
  },
  registrationAttempt: {
    vi: "Có người vừa đăng ký bằng email của bạn – Giải thưởng Vạn Xuân",
    en: "Someone tried to register with your email – Van Xuan Awards",
  },
  paymentConfirmed: {
    vi: "Đã nhận thanh toán VXP26K7M3QZ – Giải thưởng Vạn Xuân",
    en: "Payment VXP26K7M3QZ received – Van Xuan Awards",
  },
  paymentRefunded: {
    vi: "Đã hoàn tiền khoản thanh toán VXP26K7M3QZ – Giải thưởng Vạn Xuân",
    en: "Payment VXP26K7M3QZ refunded – Van Xuan Awards",
  },
  judgeCode: {
    vi: "Mã giám khảo mùa giải 2026 – Giải thưởng Vạn Xuân",
    en: "Your judge code for the 2026 season – Van Xuan Awards",
  },
  entryFileNotJudgeable: {
    vi: "Giám khảo sẽ không xem được một tệp của bài dự thi VX26-TVC-0042 – Giải thưởng Vạn Xuân",
    en: "The judges will not see a file of entry VX26-TVC-0042 – Van Xuan Awards",
  },
};
