// The editor shows it as the title box's placeholder, never as text to delete first.
export { UNTITLED_NOTE } from "@shinian/contract/constants";
