import { StrictMode, startTransition, useEffect, type ReactNode } from "react";
import { hydrateRoot } from "react-dom/client";
import { HydratedRouter } from "react-router/dom";
import { markHydrated } from "./form-state";

/** Resolves its promise once React has committed the hydrated tree (effects run child-first). */
function Committed({ onCommit, children }: { onCommit: () => void; children: ReactNode }) {
  useEffect(onCommit, [onCommit]);
  return children;
}

/**
 * Hydrates the document with React Router. Loaded on demand by `entry.client.tsx`, so React
 * DOM stays out of the first download of pages that wait for an interaction.
 */
export function hydrate(): Promise<void> {
  return new Promise((resolve) => {
    const committed = () => {
      markHydrated();
      resolve();
    };
    startTransition(() => {
      hydrateRoot(
        document,
        <StrictMode>
          <Committed onCommit={committed}>
            <HydratedRouter />
          </Committed>
        </StrictMode>,
      );
    });
  });
}
