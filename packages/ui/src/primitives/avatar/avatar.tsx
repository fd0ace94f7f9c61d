import { cva, type VariantProps } from "class-variance-authority";
import * as React from "react";
import { avatarInitial } from "../../lib/avatar-initial";
import { cn } from "../../lib/cn";

export const avatarVariants = cva(
  "relative inline-flex shrink-0 select-none items-center justify-center overflow-hidden rounded-full bg-highlight align-middle font-semibold text-highlight-foreground",
  {
    variants: {
      size: {
        sm: "size-7 text-xs",
        md: "size-9 text-sm",
        /** The top bar's: 32 px on phones and tablets, the spec's 36 px from 1024 px up. */
        bar: "size-8 text-sm lg:size-9",
        lg: "size-12 text-lg",
        xl: "size-[72px] text-2xl",
      },
    },
    defaultVariants: { size: "md" },
  },
);

export type AvatarSize = NonNullable<VariantProps<typeof avatarVariants>["size"]>;

export type AvatarProps = Omit<React.ComponentProps<"button">, "children"> &
  VariantProps<typeof avatarVariants> & {
    /** Image URL; without one (or when it fails to load) the nickname's initial is shown. */
    src?: string | null;
    /** The user's nickname: image alt text and source of the initial. */
    nickname?: string | null;
    /** Accessible name when `onClick` makes the avatar a button. */
    label?: string;
  };

export function Avatar({
  className,
  size,
  src,
  nickname,
  label = "打开个人资料",
  onClick,
  type = "button",
  ...props
}: AvatarProps) {
  const [failedSrc, setFailedSrc] = React.useState<string | null>(null);
  const showImage = Boolean(src) && failedSrc !== src;
  const alt = nickname?.trim() || "用户头像";
  const clickable = Boolean(onClick);
  const content = showImage ? (
    <img
      data-slot="avatar-image"
      src={src ?? undefined}
      alt={clickable ? "" : alt}
      onError={() => setFailedSrc(src ?? null)}
      className="size-full object-cover"
    />
  ) : clickable ? (
    <span data-slot="avatar-fallback" aria-hidden>
      {avatarInitial(nickname)}
    </span>
  ) : (
    <span data-slot="avatar-fallback" role="img" aria-label={alt}>
      {avatarInitial(nickname)}
    </span>
  );
  const classes = cn(avatarVariants({ size }), className);
  const state = showImage ? "image" : "fallback";

  if (!clickable) {
    return (
      <span
        data-slot="avatar"
        data-state={state}
        className={classes}
        {...(props as React.ComponentProps<"span">)}
      >
        {content}
      </span>
    );
  }
  return (
    <button
      data-slot="avatar"
      data-state={state}
      type={type}
      aria-label={label}
      title={label}
      onClick={onClick}
      className={cn(
        classes,
        "cursor-pointer outline-none transition-shadow hover:ring-2 hover:ring-subtle focus-visible:ring-2 focus-visible:ring-ring focus-visible:ring-offset-2",
      )}
      {...props}
    >
      {content}
    </button>
  );
}
