export { TwoPaneLayout, type TwoPaneLayoutProps, twoPaneLayoutVariants } from "./two-pane-layout";
