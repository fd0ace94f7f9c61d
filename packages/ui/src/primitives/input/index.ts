export { Input, type InputProps, type InputSize, inputVariants } from "./input";
