import type { DemoArticle } from "./demo-article";

/** Demo news of 2026 (kept in the past at seeding). */
export const ARTICLES_2026: DemoArticle[] = [
  {
    date: "2026-02-10",
    link: "/van-xuan-classic",
    vi: {
      title: "Vạn Xuân Classic: tiêu chí Công ty quảng cáo của năm",
      summary:
        "Ban tổ chức công bố cách đánh giá hạng mục dành cho công ty quảng cáo và nhãn hàng.",
      points: [
        "Hiệu quả kinh doanh của các chiến dịch trong năm",
        "Đóng góp cho cộng đồng và ngành nghề",
        "Đào tạo và phát triển đội ngũ",
      ],
      closing: "Tìm hiểu Giải Vạn Xuân Classic.",
    },
    en: {
      title: "Van Xuan Classic: how the agency of the year is judged",
      summary: "The organisers publish how the agency and brand categories are assessed.",
      points: [
        "Business results of the year's campaigns",
        "Contribution to the community and the profession",
        "Training and developing the team",
      ],
      closing: "Discover the Van Xuan Classic award.",
    },
  },
  {
    date: "2026-04-08",
    link: "/tin-tuc-cuoc-thi",
    vi: {
      title: "Workshop tại Hà Nội: Chiến lược nội dung số",
      summary: "Chuỗi workshop mùa giải 2026 mở đầu tại Hà Nội với chủ đề nội dung số.",
      points: [
        "Đo lường hiệu quả nội dung ngắn",
        "Sáng tạo cùng cộng đồng người xem",
        "Bài học từ các tác phẩm trực tuyến đoạt giải",
      ],
      closing: "Theo dõi lịch workshop trên trang tin tức.",
    },
    en: {
      title: "Hanoi workshop: digital content strategy",
      summary: "The 2026 workshop series opens in Hanoi with digital content.",
      points: [
        "Measuring short-form content",
        "Creating with the audience",
        "Lessons from award-winning online work",
      ],
      closing: "Follow the workshop calendar on the news page.",
    },
  },
  {
    date: "2026-06-15",
    link: "/gioi-thieu-giai-thuong",
    vi: {
      title: "Bảo mật bài dự thi: ai được xem và khi nào",
      summary: "Bài dự thi chỉ hiển thị công khai sau khi kết quả được công bố.",
      points: [
        "Giám khảo chấm bằng mã, không thấy tên đơn vị",
        "Tệp gốc được lưu riêng tư",
        "Người dự thi có thể tải lại bài của mình bất cứ lúc nào",
      ],
      closing: "Xem quy chế giải thưởng.",
    },
    en: {
      title: "Keeping entries confidential: who sees what, and when",
      summary: "Entries become public only after the results are announced.",
      points: [
        "Jurors score by code, without the entrant's name",
        "Original files are stored privately",
        "Entrants can download their own entries at any time",
      ],
      closing: "Read the awards' rules.",
    },
  },
  {
    date: "2026-07-20",
    link: "/nop-bai-du-thi",
    vi: {
      title: "Mở cổng nhận bài dự thi mùa giải 2026",
      summary:
        "Mùa giải 2026 chính thức nhận bài từ ngày 01/08/2026 với nhiều cải tiến cho người dự thi.",
      points: [
        "Đăng ký tài khoản một lần, dùng cho nhiều mùa giải",
        "Theo dõi trạng thái bài và thanh toán trên trang cá nhân",
        "Hỗ trợ trực tuyến trong giờ hành chính",
      ],
      closing: "Đăng ký và nộp bài dự thi.",
    },
    en: {
      title: "Submissions open for the 2026 season",
      summary:
        "The 2026 season accepts entries from 1 August 2026, with improvements for entrants.",
      points: [
        "Register once and use the account for every season",
        "Follow each entry's status and payment on your account page",
        "Online help during office hours",
      ],
      closing: "Register and submit an entry.",
    },
  },
  {
    date: "2026-09-02",
    link: "/chuyen-gia-dong-hanh",
    vi: {
      title: "Gặp gỡ giám khảo: sáng tạo bắt đầu từ sự thấu hiểu",
      summary: "Trò chuyện với các giám khảo về điều làm nên một tác phẩm đáng nhớ.",
      points: [
        "Hiểu người xem trước khi nghĩ ý tưởng",
        "Một thông điệp, kể thật rõ",
        "Sự chân thật luôn thuyết phục hơn kỹ xảo",
      ],
      closing: "Xem hội đồng giám khảo.",
    },
    en: {
      title: "Meet the jurors: creativity starts with understanding",
      summary: "Jurors talk about what makes a piece of work memorable.",
      points: [
        "Understand the audience before the idea",
        "One message, told clearly",
        "Honesty persuades more than effects",
      ],
      closing: "Meet the jury.",
    },
  },
];
