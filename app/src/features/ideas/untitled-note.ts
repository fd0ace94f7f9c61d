/**
 * The title a note gets when made by 新建笔记 (the server needs one), and keeps when saved without
 * one: the editor shows it as the title box's placeholder, never as text to delete first.
 */
export const UNTITLED_NOTE = "未命名笔记";
