import { createContext, useContext, useMemo, useState, type ReactNode } from "react";

/*
 * The country of residence a visitor picked in this page, for the dial code to follow (until the
 * visitor picks a dial code). Every lead form has it (ProtectedForm), so a form with both fields
 * links them without wiring of its own. The server does the same for a page without JavaScript
 * (forms/dial-follows-residence.ts).
 */
interface Link {
  /** Picked in this page; undefined until then (the dial code stays where the form started). */
  residence?: string;
  pickResidence: (code: string) => void;
}

const ResidenceContext = createContext<Link>({ pickResidence: () => undefined });

export function ResidenceLink({ children }: { children: ReactNode }) {
  const [residence, pickResidence] = useState<string>();
  const link = useMemo(() => ({ residence, pickResidence }), [residence]);
  return <ResidenceContext.Provider value={link}>{children}</ResidenceContext.Provider>;
}

export const useResidenceLink = () => useContext(ResidenceContext);
