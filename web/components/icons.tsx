/**
 * The site's one icon set: small inline line drawings on a 24-unit grid, decorative
 * (aria-hidden): the control around an icon carries its label. How they are drawn (no fill, a
 * 2-unit round stroke in the text colour) is the `.icon` rule of base.css, written once rather
 * than as six attributes on every icon of every page.
 */
type IconProps = { size?: number };

const svg = (size: number, children: React.ReactNode) => (
  <svg className="icon" width={size} height={size} viewBox="0 0 24 24" aria-hidden="true">
    {children}
  </svg>
);

export const HomeIcon = ({ size = 20 }: IconProps) =>
  svg(size, <path d="M3 11 12 3l9 8M5 10v10h5v-6h4v6h5V10" />);
export const MenuIcon = ({ size = 24 }: IconProps) =>
  svg(size, <path d="M3 6h18M3 12h18M3 18h18" />);
export const CloseIcon = ({ size = 24 }: IconProps) => svg(size, <path d="M6 6l12 12M18 6 6 18" />);
export const ChevronDownIcon = ({ size = 16 }: IconProps) => svg(size, <path d="m6 9 6 6 6-6" />);
export const ChevronUpIcon = ({ size = 16 }: IconProps) => svg(size, <path d="m6 15 6-6 6 6" />);
export const ArrowUpIcon = ({ size = 22 }: IconProps) =>
  svg(size, <path d="M12 19V5M5 12l7-7 7 7" />);
export const ChatIcon = ({ size = 26 }: IconProps) =>
  svg(size, <path d="M21 12a8 8 0 0 1-11.6 7.1L4 20l1-4.6A8 8 0 1 1 21 12Z" />);
export const GlobeIcon = ({ size = 20 }: IconProps) =>
  svg(
    size,
    <>
      <circle cx="12" cy="12" r="9" />
      <path d="M3 12h18M12 3a14 14 0 0 1 0 18M12 3a14 14 0 0 0 0 18" />
    </>,
  );
export const MailIcon = ({ size = 20 }: IconProps) =>
  svg(
    size,
    <>
      <rect x="3" y="5" width="18" height="14" rx="2" />
      <path d="m3 7 9 6 9-6" />
    </>,
  );
export const PhoneIcon = ({ size = 20 }: IconProps) =>
  svg(
    size,
    <path d="M5 3h4l2 5-2.5 1.5a11 11 0 0 0 6 6L16 13l5 2v4a2 2 0 0 1-2 2A16 16 0 0 1 3 5a2 2 0 0 1 2-2Z" />,
  );
export const FacebookIcon = ({ size = 20 }: IconProps) =>
  svg(
    size,
    <path d="M15 3h-2.5A3.5 3.5 0 0 0 9 6.5V10H6v4h3v7h4v-7h3l1-4h-4V7a1 1 0 0 1 1-1h2Z" />,
  );
export const YoutubeIcon = ({ size = 20 }: IconProps) =>
  svg(
    size,
    <>
      <rect x="2" y="5" width="20" height="14" rx="4" />
      <path d="m10 9 5 3-5 3Z" />
    </>,
  );
export const LinkedinIcon = ({ size = 20 }: IconProps) =>
  svg(
    size,
    <>
      <rect x="3" y="3" width="18" height="18" rx="2" />
      <path d="M8 10v7M8 7v.01M12 17v-4a2 2 0 0 1 4 0v4M12 10v7" />
    </>,
  );
export const TiktokIcon = ({ size = 20 }: IconProps) =>
  svg(size, <path d="M14 3v11.5a3.5 3.5 0 1 1-3.5-3.5M14 3a5 5 0 0 0 5 5" />);

/* The document viewer's and the editors' tools. */
export const SidebarIcon = ({ size = 20 }: IconProps) =>
  svg(
    size,
    <>
      <rect x="3" y="4" width="18" height="16" rx="2" />
      <path d="M9 4v16" />
    </>,
  );
export const SearchIcon = ({ size = 20 }: IconProps) =>
  svg(
    size,
    <>
      <circle cx="11" cy="11" r="7" />
      <path d="m20 20-3.5-3.5" />
    </>,
  );
export const PlusIcon = ({ size = 20 }: IconProps) => svg(size, <path d="M12 5v14M5 12h14" />);
export const MinusIcon = ({ size = 20 }: IconProps) => svg(size, <path d="M5 12h14" />);
export const RotateLeftIcon = ({ size = 20 }: IconProps) =>
  svg(
    size,
    <>
      <path d="M3 4v6h6" />
      <path d="M3.5 14a9 9 0 1 0 2.1-8.7L3 10" />
    </>,
  );
export const RotateRightIcon = ({ size = 20 }: IconProps) =>
  svg(
    size,
    <>
      <path d="M21 4v6h-6" />
      <path d="M20.5 14a9 9 0 1 1-2.1-8.7L21 10" />
    </>,
  );
export const FullscreenIcon = ({ size = 20 }: IconProps) =>
  svg(size, <path d="M4 9V4h5M15 4h5v5M20 15v5h-5M9 20H4v-5" />);
export const ExitFullscreenIcon = ({ size = 20 }: IconProps) =>
  svg(size, <path d="M9 4v5H4M20 9h-5V4M15 20v-5h5M4 15h5v5" />);
export const DownloadIcon = ({ size = 20 }: IconProps) =>
  svg(size, <path d="M12 4v11m0 0-4-4m4 4 4-4M5 20h14" />);
export const PrintIcon = ({ size = 20 }: IconProps) =>
  svg(
    size,
    <>
      <path d="M7 9V3h10v6" />
      <rect x="3" y="9" width="18" height="8" rx="2" />
      <path d="M7 14h10v7H7z" />
    </>,
  );
export const OpenIcon = ({ size = 20 }: IconProps) =>
  svg(size, <path d="M3 7a2 2 0 0 1 2-2h4l2 2h8a2 2 0 0 1 2 2v8a2 2 0 0 1-2 2H5a2 2 0 0 1-2-2Z" />);
export const InfoIcon = ({ size = 20 }: IconProps) =>
  svg(
    size,
    <>
      <circle cx="12" cy="12" r="9" />
      <path d="M12 11v6M12 7.5v.01" />
    </>,
  );
export const MoreIcon = ({ size = 20 }: IconProps) =>
  svg(size, <path d="M5 12h.01M12 12h.01M19 12h.01" />);
export const PenIcon = ({ size = 20 }: IconProps) =>
  svg(size, <path d="M4 20h4L19 9l-4-4L4 16v4ZM13.5 6.5l4 4" />);
export const ImageIcon = ({ size = 20 }: IconProps) =>
  svg(
    size,
    <>
      <rect x="3" y="5" width="18" height="14" rx="2" />
      <circle cx="9" cy="10" r="1.5" />
      <path d="m21 16-5-5-9 8" />
    </>,
  );
export const BackIcon = ({ size = 20 }: IconProps) => svg(size, <path d="M15 6l-6 6 6 6" />);
export const ForwardIcon = ({ size = 20 }: IconProps) => svg(size, <path d="m9 6 6 6-6 6" />);
export const LinkIcon = ({ size = 20 }: IconProps) =>
  svg(
    size,
    <path d="M10 14a5 5 0 0 0 7.07 0l3-3a5 5 0 0 0-7.07-7.07l-1.5 1.5M14 10a5 5 0 0 0-7.07 0l-3 3a5 5 0 0 0 7.07 7.07l1.5-1.5" />,
  );
