export { ItemReader, type ItemReaderProps } from "./item-reader";
