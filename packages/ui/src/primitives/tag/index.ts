export { Tag, type TagProps, type TagVariant, tagVariants } from "./tag";
