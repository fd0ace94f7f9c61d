export { Button, type ButtonProps, type ButtonSize, type ButtonVariant, buttonVariants } from "./button";
