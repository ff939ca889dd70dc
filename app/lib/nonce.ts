import { createContext, useContext } from "react";

/**
 * The Content-Security-Policy nonce of the page being rendered on the server. The inline scripts
 * React Router writes (hydration data, scroll restoration) carry it; the browser hides nonces from
 * the DOM, so on the client this is empty and nothing is compared during hydration.
 */
export const NonceContext = createContext("");

export function useNonce() {
  return useContext(NonceContext);
}
