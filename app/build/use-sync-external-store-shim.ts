// The router's store (@tanstack/react-store) reaches React's useSyncExternalStore through the
// use-sync-external-store shim, written for React < 18; React 19 has it, so the shim's own copy
// (0.25 kB gzipped on every router screen) is replaced by React's. app/vite.config.ts aliases it.
export { useSyncExternalStore } from "react";
