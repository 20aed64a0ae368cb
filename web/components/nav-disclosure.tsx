import { useId } from "react";
import { Link, useLocation } from "react-router";
import { ChevronDownIcon } from "./icons";
import { useDisclosure } from "./use-dismiss";
import { useRovingFocus } from "./use-roving-focus";

/** Whether an earlier item links to the same path (another query of the same page). */
function sharesPathWithEarlier(items: NavItem[], index: number): boolean {
  const path = items[index]?.to.split("?")[0];
  return items.slice(0, index).some((item) => item.to.split("?")[0] === path);
}

export interface NavItem {
  label: string;
  to: string;
  /** Whether it is the page shown; by default, when the address is exactly its own. */
  current?: boolean;
}

/**
 * A navigation submenu with the disclosure pattern (the one WAI-ARIA recommends for site
 * navigation): a button with aria-expanded that shows a list of links; Esc closes it and
 * returns focus to the button; arrow keys move between its links.
 */
export function NavDisclosure({ label, items }: { label: string; items: NavItem[] }) {
  const { open, setOpen, close, toggle, container, button } = useDisclosure<HTMLLIElement>();
  const listId = useId();
  const location = useLocation();
  const { focusItem: focusLink, onListKey } = useRovingFocus(container, ".submenu a");

  const current = `${location.pathname}${location.search}`;
  // The visitor is on one of its pages (any year of the jury or the winners): the button shows
  // it, as the plain links of the menu do for theirs.
  const holdsCurrent = items.some((item) => item.to.split("?")[0] === location.pathname);

  return (
    <li className="nav-item--has-submenu" ref={container}>
      <button
        ref={button}
        type="button"
        className={holdsCurrent ? "nav-link active" : "nav-link"}
        aria-expanded={open}
        aria-controls={listId}
        onClick={toggle}
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
      <ul id={listId} className="submenu" hidden={!open} onKeyDown={onListKey}>
        {items.map((item, index) => (
          <li key={item.to}>
            <Link
              to={item.to}
              // One discovery attribute per path: the years of the jury share theirs.
              discover={sharesPathWithEarlier(items, index) ? "none" : "render"}
              aria-current={(item.current ?? current === item.to) ? "page" : undefined}
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
