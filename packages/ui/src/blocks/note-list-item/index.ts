export { NoteListItem, type NoteListItemNote, type NoteListItemProps } from "./note-list-item";
