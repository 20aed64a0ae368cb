import { useEffect, useState } from "react";

export type ViewerTheme = "light" | "dark" | "auto";
const STORAGE_KEY = "pdfViewerTheme";
const DARK = "(prefers-color-scheme: dark)";

function savedTheme(): ViewerTheme {
  try {
    const value = localStorage.getItem(STORAGE_KEY);
    return value === "light" || value === "dark" ? value : "auto";
  } catch {
    return "auto";
  }
}

/**
 * The viewer's theme: light, dark, or auto following the system setting live (seed §2).
 * The reader's choice is remembered in this browser.
 */
export function useViewerTheme(): {
  theme: ViewerTheme;
  resolved: "light" | "dark";
  setTheme: (theme: ViewerTheme) => void;
} {
  const [theme, setThemeState] = useState<ViewerTheme>(savedTheme);
  const [systemDark, setSystemDark] = useState(
    () => typeof window !== "undefined" && (window.matchMedia?.(DARK).matches ?? false),
  );

  useEffect(() => {
    const query = window.matchMedia?.(DARK);
    if (!query) return;
    const onChange = () => setSystemDark(query.matches);
    onChange();
    query.addEventListener("change", onChange);
    return () => query.removeEventListener("change", onChange);
  }, []);

  const setTheme = (next: ViewerTheme) => {
    setThemeState(next);
    try {
      if (next === "auto") localStorage.removeItem(STORAGE_KEY);
      else localStorage.setItem(STORAGE_KEY, next);
    } catch {
      // Storage may be unavailable (private mode); the choice then lasts for this visit.
    }
  };

  const resolved = theme === "auto" ? (systemDark ? "dark" : "light") : theme;
  return { theme, resolved, setTheme };
}
