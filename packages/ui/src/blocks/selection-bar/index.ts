export { SelectionBar, type SelectionBarProps, type SelectionBusy } from "./selection-bar";
