import { useCallback, useId, useRef, useState } from "react";
import { Link, useLocation } from "react-router";
import { ChevronDownIcon } from "./icons";
import { useDismiss } from "./use-dismiss";

export interface NavItem {
  label: string;
  to: string;
}

/**
 * A navigation submenu with the disclosure pattern (the one WAI-ARIA recommends for site
 * navigation): a button with aria-expanded that shows a list of links; Esc closes it and
 * returns focus to the button; arrow keys move between its links.
 */
export function NavDisclosure({ label, items }: { label: string; items: NavItem[] }) {
  const [open, setOpen] = useState(false);
  const listId = useId();
  const container = useRef<HTMLLIElement>(null);
  const button = useRef<HTMLButtonElement>(null);
  const close = useCallback(() => setOpen(false), []);
  const location = useLocation();
  useDismiss(open, container, button, close);

  const focusLink = (index: number) => {
    const links = container.current?.querySelectorAll<HTMLAnchorElement>(".submenu a");
    if (!links || links.length === 0) return;
    links[(index + links.length) % links.length]?.focus();
  };

  const current = `${location.pathname}${location.search}`;

  return (
    <li className="nav-item nav-item--has-submenu" ref={container}>
      <button
        ref={button}
        type="button"
        className="nav-link nav-link--button"
        aria-expanded={open}
        aria-controls={listId}
        onClick={() => setOpen((value) => !value)}
        onKeyDown={(event) => {
          if (event.key === "ArrowDown") {
            event.preventDefault();
            setOpen(true);
            requestAnimationFrame(() => focusLink(0));
          }
        }}
      >
        {label}
        <ChevronDownIcon />
      </button>
      {/* Arrow keys move focus between the links inside; the list itself never takes focus. */}
      {/* eslint-disable-next-line jsx-a11y/no-noninteractive-element-interactions */}
      <ul
        id={listId}
        className="submenu"
        hidden={!open}
        onKeyDown={(event) => {
          const links = [
            ...(container.current?.querySelectorAll<HTMLAnchorElement>(".submenu a") ?? []),
          ];
          const index = links.indexOf(document.activeElement as HTMLAnchorElement);
          if (event.key === "ArrowDown") {
            event.preventDefault();
            focusLink(index + 1);
          } else if (event.key === "ArrowUp") {
            event.preventDefault();
            focusLink(index - 1);
          } else if (event.key === "Home") {
            event.preventDefault();
            focusLink(0);
          } else if (event.key === "End") {
            event.preventDefault();
            focusLink(links.length - 1);
          }
        }}
      >
        {items.map((item) => (
          <li key={item.to}>
            <Link
              to={item.to}
              className="submenu__link"
              aria-current={current === item.to ? "page" : undefined}
              onClick={close}
            >
              {item.label}
            </Link>
          </li>
        ))}
      </ul>
    </li>
  );
}
