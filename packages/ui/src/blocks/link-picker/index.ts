export { LinkPicker, type LinkPickerProps, type LinkPickerResult } from "./link-picker";
