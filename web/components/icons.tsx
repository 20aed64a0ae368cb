import sprite from "./icons.svg?no-inline";

/**
 * The site's one icon set: line drawings on a 24-unit grid, decorative (aria-hidden): the
 * control around an icon carries its label. The drawings live once in icons.svg, a
 * content-hashed file the browser caches; a page names the one it shows (`<use>`) instead of
 * carrying its path data. How they are drawn (no fill, a 2-unit round stroke in the text
 * colour) is the `.icon` rule of base.css, inherited by the drawing.
 */
type IconProps = { size?: number };

const icon = (id: string, size: number) => (
  <svg className="icon" width={size} height={size} aria-hidden="true">
    <use href={`${sprite}#${id}`} />
  </svg>
);

export const ArrowUpIcon = ({ size = 22 }: IconProps) => icon("arrow-up", size);
export const BackIcon = ({ size = 20 }: IconProps) => icon("back", size);
export const ChatIcon = ({ size = 26 }: IconProps) => icon("chat", size);
export const ChevronDownIcon = ({ size = 16 }: IconProps) => icon("chevron-down", size);
export const ChevronUpIcon = ({ size = 16 }: IconProps) => icon("chevron-up", size);
export const CloseIcon = ({ size = 24 }: IconProps) => icon("close", size);
export const DownloadIcon = ({ size = 20 }: IconProps) => icon("download", size);
export const ExitFullscreenIcon = ({ size = 20 }: IconProps) => icon("exit-fullscreen", size);
export const FacebookIcon = ({ size = 20 }: IconProps) => icon("facebook", size);
export const ForwardIcon = ({ size = 20 }: IconProps) => icon("forward", size);
export const FullscreenIcon = ({ size = 20 }: IconProps) => icon("fullscreen", size);
export const GlobeIcon = ({ size = 20 }: IconProps) => icon("globe", size);
export const HomeIcon = ({ size = 20 }: IconProps) => icon("home", size);
export const ImageIcon = ({ size = 20 }: IconProps) => icon("image", size);
export const InfoIcon = ({ size = 20 }: IconProps) => icon("info", size);
export const LinkIcon = ({ size = 20 }: IconProps) => icon("link", size);
export const LinkedinIcon = ({ size = 20 }: IconProps) => icon("linkedin", size);
export const MailIcon = ({ size = 20 }: IconProps) => icon("mail", size);
export const MenuIcon = ({ size = 24 }: IconProps) => icon("menu", size);
export const MinusIcon = ({ size = 20 }: IconProps) => icon("minus", size);
export const MoreIcon = ({ size = 20 }: IconProps) => icon("more", size);
export const OpenIcon = ({ size = 20 }: IconProps) => icon("open", size);
export const PenIcon = ({ size = 20 }: IconProps) => icon("pen", size);
export const PhoneIcon = ({ size = 20 }: IconProps) => icon("phone", size);
export const PlusIcon = ({ size = 20 }: IconProps) => icon("plus", size);
export const PrintIcon = ({ size = 20 }: IconProps) => icon("print", size);
export const RotateLeftIcon = ({ size = 20 }: IconProps) => icon("rotate-left", size);
export const RotateRightIcon = ({ size = 20 }: IconProps) => icon("rotate-right", size);
export const SearchIcon = ({ size = 20 }: IconProps) => icon("search", size);
export const SidebarIcon = ({ size = 20 }: IconProps) => icon("sidebar", size);
export const TiktokIcon = ({ size = 20 }: IconProps) => icon("tiktok", size);
export const YoutubeIcon = ({ size = 20 }: IconProps) => icon("youtube", size);
