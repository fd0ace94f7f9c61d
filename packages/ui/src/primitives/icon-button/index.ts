export {
  IconButton,
  type IconButtonProps,
  type IconButtonShape,
  type IconButtonSize,
  type IconButtonVariant,
  iconButtonVariants,
} from "./icon-button";
