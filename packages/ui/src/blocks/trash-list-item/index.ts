export { TrashListItem, type TrashListItemProps } from "./trash-list-item";
