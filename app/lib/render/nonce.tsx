import { createContext, useContext } from "react";

/**
 * The CSP nonce of this response. Set on the server only: browsers hide nonces from the DOM, so
 * the client renders an empty one and React leaves the attribute alone when hydrating.
 */
const NonceContext = createContext("");

export const NonceProvider = NonceContext.Provider;
export const useNonce = () => useContext(NonceContext);
