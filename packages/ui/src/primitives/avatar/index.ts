export { Avatar, type AvatarProps, type AvatarSize, avatarVariants } from "./avatar";
