export { TopBar, type TopBarMode, type TopBarProps, type TopBarUser } from "./top-bar";
export { TopBarWordmark } from "./top-bar-wordmark";
