/** Small inline icons; decorative (aria-hidden) unless a label is given by the caller's control. */
type IconProps = { size?: number };

const svg = (size: number, children: React.ReactNode) => (
  <svg
    width={size}
    height={size}
    viewBox="0 0 24 24"
    fill="none"
    stroke="currentColor"
    strokeWidth="2"
    strokeLinecap="round"
    strokeLinejoin="round"
    aria-hidden="true"
    focusable="false"
  >
    {children}
  </svg>
);

export const HomeIcon = ({ size = 20 }: IconProps) =>
  svg(size, <path d="M3 11 12 3l9 8M5 10v10h5v-6h4v6h5V10" />);
export const MenuIcon = ({ size = 24 }: IconProps) =>
  svg(size, <path d="M3 6h18M3 12h18M3 18h18" />);
export const CloseIcon = ({ size = 24 }: IconProps) => svg(size, <path d="M6 6l12 12M18 6 6 18" />);
export const ChevronDownIcon = ({ size = 16 }: IconProps) => svg(size, <path d="m6 9 6 6 6-6" />);
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
