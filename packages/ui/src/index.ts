export * from "./components/button";
export * from "./components/spinner";
export { cn } from "./lib/cn";
