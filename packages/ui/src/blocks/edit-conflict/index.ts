export { EditConflict, type EditConflictProps } from "./edit-conflict";
