import type { DemoArticle } from "./demo-article";

/** Demo news of 2025. */
export const ARTICLES_2025: DemoArticle[] = [
  {
    date: "2025-03-10",
    link: "/danh-sach-thang-giai?year=2024",
    vi: {
      title: "Chuyện nghề: Grand Prix 2024 từ ý tưởng đến màn ảnh",
      summary:
        "Đội ngũ sáng tạo kể lại hành trình tám tháng của tác phẩm đoạt Giải thưởng lớn 2024.",
      points: [
        "Ý tưởng bắt đầu từ một bữa cơm gia đình",
        "Quay tại ba tỉnh miền Trung trong mười ngày",
        "Hơn hai triệu lượt xem trong tuần đầu phát sóng",
      ],
      closing: "Xem toàn bộ danh sách thắng giải 2024.",
    },
    en: {
      title: "Behind the work: the 2024 Grand Prix from idea to screen",
      summary: "The creative team retraces the eight-month journey of the 2024 Grand Prix winner.",
      points: [
        "The idea began at a family dinner",
        "Shot in three central provinces over ten days",
        "More than two million views in its first week on air",
      ],
      closing: "See the full list of 2024 winners.",
    },
  },
  {
    date: "2025-04-18",
    link: "/van-xuan-stars",
    vi: {
      title: "Workshop: Kể chuyện thương hiệu trong 30 giây",
      summary: "Buổi workshop miễn phí tại TP. Hồ Chí Minh dành cho người làm sáng tạo trẻ.",
      points: [
        "Cấu trúc một câu chuyện ngắn có sức nặng",
        "Phân tích năm phim quảng cáo từng đoạt giải",
        "Thực hành theo nhóm với phản hồi từ giám khảo",
      ],
      closing: "Tìm hiểu thêm về Giải Vạn Xuân Stars dành cho tài năng trẻ.",
    },
    en: {
      title: "Workshop: brand storytelling in 30 seconds",
      summary: "A free workshop in Ho Chi Minh City for young creatives.",
      points: [
        "How a short story carries weight",
        "Five award-winning commercials taken apart",
        "Group exercises with feedback from jurors",
      ],
      closing: "Learn more about the Van Xuan Stars award for young talent.",
    },
  },
  {
    date: "2025-05-22",
    link: "/gioi-thieu-giai-thuong",
    vi: {
      title: "Tọa đàm: Quảng cáo có trách nhiệm với cộng đồng",
      summary: "Các chuyên gia bàn về ranh giới giữa sáng tạo táo bạo và trách nhiệm xã hội.",
      points: [
        "Quảng cáo cho trẻ em và những điều cần tránh",
        "Minh bạch khi hợp tác với người có ảnh hưởng",
        "Tiêu chí trách nhiệm trong chấm giải Vạn Xuân",
      ],
      closing: "Đọc thêm về tôn chỉ của giải thưởng.",
    },
    en: {
      title: "Panel: advertising that is responsible to the community",
      summary: "Experts discuss the line between bold creativity and social responsibility.",
      points: [
        "Advertising to children and what to avoid",
        "Transparency when working with influencers",
        "Responsibility criteria in Van Xuan judging",
      ],
      closing: "Read more about the awards' principles.",
    },
  },
  {
    date: "2025-07-01",
    link: "/nop-bai-du-thi",
    vi: {
      title: "Mở cổng nhận bài dự thi mùa giải 2025",
      summary:
        "Từ ngày 01/08/2025, các đơn vị và cá nhân có thể đăng ký và nộp bài dự thi trực tuyến.",
      points: [
        "Ba giải thưởng: Vạn Xuân, Vạn Xuân Classic và Vạn Xuân Stars",
        "Nộp bài và thanh toán hoàn toàn trực tuyến",
        "Hạn chót nhận bài: 30/10/2025",
      ],
      closing: "Chuẩn bị hồ sơ và nộp bài dự thi.",
    },
    en: {
      title: "Submissions open for the 2025 season",
      summary:
        "From 1 August 2025, companies and individuals can register and submit their entries online.",
      points: [
        "Three awards: Van Xuan, Van Xuan Classic and Van Xuan Stars",
        "Submission and payment entirely online",
        "Submission deadline: 30 October 2025",
      ],
      closing: "Prepare your entry and submit it.",
    },
  },
  {
    date: "2025-08-05",
    link: "/nop-bai-du-thi",
    vi: {
      title: "Ưu đãi phí đăng ký sớm đến hết ngày 15/09",
      summary: "Bài dự thi nộp và thanh toán trước ngày 15/09 được giảm phí dự thi.",
      points: [
        "Áp dụng cho mọi hạng mục của cả ba giải thưởng",
        "Ưu đãi tính theo thời điểm thanh toán thành công",
        "Hóa đơn điện tử gửi qua email đăng ký",
      ],
      closing: "Nộp bài ngay để nhận ưu đãi.",
    },
    en: {
      title: "Early-bird fee until 15 September",
      summary: "Entries submitted and paid before 15 September get a reduced entry fee.",
      points: [
        "Applies to every category of all three awards",
        "The date of the successful payment counts",
        "Electronic invoices go to the registered email",
      ],
      closing: "Submit now to get the early-bird fee.",
    },
  },
  {
    date: "2025-08-20",
    link: "/chuyen-gia-dong-hanh?year=2025",
    vi: {
      title: "Công bố Hội đồng giám khảo năm 2025",
      summary:
        "Mười ba chuyên gia từ các công ty quảng cáo, nhãn hàng và trường đại học sẽ chấm giải năm nay.",
      points: [
        "Chủ tịch hội đồng: bà Nguyễn Minh Châu",
        "Giám khảo đến từ Hà Nội, Đà Nẵng và TP. Hồ Chí Minh",
        "Mỗi bài được ít nhất năm giám khảo chấm độc lập",
      ],
      closing: "Xem hồ sơ các giám khảo năm 2025.",
    },
    en: {
      title: "The 2025 jury announced",
      summary:
        "Thirteen experts from agencies, brands and universities will judge this year's awards.",
      points: [
        "Jury chair: Ms Nguyễn Minh Châu",
        "Jurors from Hanoi, Da Nang and Ho Chi Minh City",
        "Every entry is scored independently by at least five jurors",
      ],
      closing: "Meet the 2025 jurors.",
    },
  },
  {
    date: "2025-09-03",
    link: "/van-xuan",
    vi: {
      title: "Hướng dẫn chuẩn bị hồ sơ dự thi",
      summary: "Những lưu ý giúp bài dự thi được trình bày rõ ràng và đúng quy định.",
      points: [
        "Bài viết ý tưởng dạng PDF, tối đa năm trang",
        "Video đúng định dạng và thời lượng của hạng mục",
        "Hình ảnh không chứa tên công ty quảng cáo",
      ],
      closing: "Xem cơ cấu giải thưởng và yêu cầu từng hạng mục.",
    },
    en: {
      title: "How to prepare your entry",
      summary: "Tips for presenting an entry clearly and within the rules.",
      points: [
        "An idea article as a PDF of at most five pages",
        "Video in the category's format and length",
        "Images that do not show the agency's name",
      ],
      closing: "See the prize structure and each category's requirements.",
    },
  },
  {
    date: "2025-09-25",
    link: "/van-xuan-stars",
    vi: {
      title: "Vạn Xuân Stars tìm kiếm tài năng sáng tạo trẻ",
      summary: "Hạng mục dành cho người làm sáng tạo dưới 30 tuổi, đăng ký với tư cách cá nhân.",
      points: [
        "Không cần thuộc công ty quảng cáo",
        "Hồ sơ gồm ba tác phẩm tiêu biểu",
        "Người thắng giải nhận học bổng tham dự khóa học quốc tế",
      ],
      closing: "Tìm hiểu Giải Vạn Xuân Stars.",
    },
    en: {
      title: "Van Xuan Stars looks for young creative talent",
      summary: "A category for creatives under 30, entered as individuals.",
      points: [
        "No agency affiliation needed",
        "A portfolio of three representative works",
        "The winner receives a scholarship to an international course",
      ],
      closing: "Discover the Van Xuan Stars award.",
    },
  },
  {
    date: "2025-10-16",
    link: "/nop-bai-du-thi",
    vi: {
      title: "Nhắc lịch: còn hai tuần để nộp bài dự thi",
      summary: "Cổng nhận bài mùa giải 2025 đóng lúc 23:59 ngày 30/10/2025.",
      points: [
        "Kiểm tra lại thông tin đồng tác giả",
        "Hoàn tất thanh toán để bài được xét duyệt",
        "Liên hệ ban tổ chức nếu gặp sự cố kỹ thuật",
      ],
      closing: "Nộp bài trước hạn chót.",
    },
    en: {
      title: "Reminder: two weeks left to submit",
      summary: "Submissions for the 2025 season close at 23:59 on 30 October 2025.",
      points: [
        "Check your co-authors' details",
        "Complete payment so the entry can be reviewed",
        "Contact the organisers about any technical problem",
      ],
      closing: "Submit before the deadline.",
    },
  },
  {
    date: "2025-11-12",
    link: "/chuyen-gia-dong-hanh?year=2025",
    vi: {
      title: "Hội đồng giám khảo bước vào vòng chung khảo",
      summary:
        "Sau vòng sơ khảo trực tuyến, các bài xuất sắc nhất được thảo luận trực tiếp tại Hà Nội.",
      points: [
        "Vòng sơ khảo chấm độc lập, ẩn danh",
        "Vòng chung khảo thảo luận và bỏ phiếu",
        "Kết quả được giữ kín đến đêm trao giải",
      ],
      closing: "Xem danh sách hội đồng giám khảo.",
    },
    en: {
      title: "The jury begins the final round",
      summary: "After the online first round, the best entries are discussed in person in Hanoi.",
      points: [
        "First round scored independently and anonymously",
        "Final round discussed and voted",
        "Results stay confidential until the ceremony",
      ],
      closing: "See the jury.",
    },
  },
  {
    date: "2025-12-21",
    link: "/gioi-thieu-giai-thuong",
    vi: {
      title: "Lễ trao giải Vạn Xuân 2025 khép lại mùa giải kỷ lục",
      summary: "Đêm trao giải tại TP. Hồ Chí Minh vinh danh những tác phẩm sáng tạo nhất năm.",
      points: [
        "Số bài dự thi tăng gần 30% so với năm trước",
        "Giải thưởng lớn thuộc về một chiến dịch vì cộng đồng",
        "Hơn 800 khách mời tham dự",
      ],
      closing: "Đọc thêm về Giải thưởng Vạn Xuân.",
    },
    en: {
      title: "The 2025 Van Xuan ceremony closes a record season",
      summary: "The ceremony in Ho Chi Minh City honoured the year's most creative work.",
      points: [
        "Entries up by almost 30% on last year",
        "The Grand Prix went to a community campaign",
        "More than 800 guests attended",
      ],
      closing: "Read more about the Van Xuan Awards.",
    },
  },
];
