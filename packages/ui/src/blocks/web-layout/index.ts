export { WebLayout, type WebLayoutProps, webLayoutVariants } from "./web-layout";
