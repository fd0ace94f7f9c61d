export { type Backlink, BacklinkList, type BacklinkListProps } from "./backlink-list";
