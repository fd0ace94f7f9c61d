export {
  DropdownMenu,
  DropdownMenuContent,
  type DropdownMenuContentProps,
  DropdownMenuItem,
  type DropdownMenuItemProps,
  type DropdownMenuItemTone,
  DropdownMenuSeparator,
  DropdownMenuTrigger,
  dropdownMenuItemVariants,
} from "./dropdown-menu";
