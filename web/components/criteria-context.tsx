import { createContext, useContext } from "react";

/** Lets any link or button in the chrome open the criteria modal (seed §3: the application's modal flag). */
export const CriteriaModalContext = createContext<{ openCriteria: () => void }>({
  openCriteria: () => {},
});

export function useCriteriaModal() {
  return useContext(CriteriaModalContext);
}
