export { TopBar, type TopBarMode, type TopBarProps, type TopBarUser, TopBarWordmark } from "./top-bar";
