import { createContext, useContext } from "react";

/** The CSP nonce of the server response; empty in the browser, where nothing inline is added. */
export const NonceContext = createContext<string | undefined>(undefined);

export function useNonce(): string | undefined {
  return useContext(NonceContext);
}
