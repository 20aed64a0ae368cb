/** The viewer's toolbar icons: decorative (the buttons carry the labels). */
const icon = (children: React.ReactNode) =>
  function Icon() {
    return (
      <svg
        width={20}
        height={20}
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
  };

export const SidebarIcon = icon(
  <>
    <rect x="3" y="4" width="18" height="16" rx="2" />
    <path d="M9 4v16" />
  </>,
);
export const SearchIcon = icon(
  <>
    <circle cx="11" cy="11" r="7" />
    <path d="m20 20-3.5-3.5" />
  </>,
);
export const UpIcon = icon(<path d="m6 15 6-6 6 6" />);
export const DownIcon = icon(<path d="m6 9 6 6 6-6" />);
export const PlusIcon = icon(<path d="M12 5v14M5 12h14" />);
export const MinusIcon = icon(<path d="M5 12h14" />);
export const RotateLeftIcon = icon(
  <>
    <path d="M3 4v6h6" />
    <path d="M3.5 14a9 9 0 1 0 2.1-8.7L3 10" />
  </>,
);
export const RotateRightIcon = icon(
  <>
    <path d="M21 4v6h-6" />
    <path d="M20.5 14a9 9 0 1 1-2.1-8.7L21 10" />
  </>,
);
export const FullscreenIcon = icon(<path d="M4 9V4h5M15 4h5v5M20 15v5h-5M9 20H4v-5" />);
export const ExitFullscreenIcon = icon(<path d="M9 4v5H4M20 9h-5V4M15 20v-5h5M4 15h5v5" />);
export const DownloadIcon = icon(<path d="M12 4v11m0 0-4-4m4 4 4-4M5 20h14" />);
export const PrintIcon = icon(
  <>
    <path d="M7 9V3h10v6" />
    <rect x="3" y="9" width="18" height="8" rx="2" />
    <path d="M7 14h10v7H7z" />
  </>,
);
export const OpenIcon = icon(
  <path d="M3 7a2 2 0 0 1 2-2h4l2 2h8a2 2 0 0 1 2 2v8a2 2 0 0 1-2 2H5a2 2 0 0 1-2-2Z" />,
);
export const InfoIcon = icon(
  <>
    <circle cx="12" cy="12" r="9" />
    <path d="M12 11v6M12 7.5v.01" />
  </>,
);
export const MoreIcon = icon(<path d="M5 12h.01M12 12h.01M19 12h.01" />);
export const PenIcon = icon(<path d="M4 20h4L19 9l-4-4L4 16v4ZM13.5 6.5l4 4" />);
export const ImageIcon = icon(
  <>
    <rect x="3" y="5" width="18" height="14" rx="2" />
    <circle cx="9" cy="10" r="1.5" />
    <path d="m21 16-5-5-9 8" />
  </>,
);
export const BackIcon = icon(<path d="M15 6l-6 6 6 6" />);
export const ForwardIcon = icon(<path d="m9 6 6 6-6 6" />);
export const CloseIcon = icon(<path d="M6 6l12 12M18 6 6 18" />);
