import { useCallback, useEffect, useState, type RefObject } from "react";

/** Whether the viewer is in full screen; null when the browser offers none here. */
export function useFullscreen(rootRef: RefObject<HTMLElement | null>) {
  const [fullscreen, setFullscreen] = useState<boolean | null>(null);

  useEffect(() => {
    const root = rootRef.current;
    setFullscreen(document.fullscreenEnabled && root?.requestFullscreen ? false : null);
    const onChange = () => {
      if (document.fullscreenEnabled) setFullscreen(document.fullscreenElement === rootRef.current);
    };
    document.addEventListener("fullscreenchange", onChange);
    return () => document.removeEventListener("fullscreenchange", onChange);
  }, [rootRef]);

  const toggle = useCallback(() => {
    const root = rootRef.current;
    if (!root) return;
    if (document.fullscreenElement === root) void document.exitFullscreen();
    else void root.requestFullscreen().catch(() => {});
  }, [rootRef]);

  return { fullscreen, toggle };
}
