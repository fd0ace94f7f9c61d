import { Button, Card, CardContent, CardDescription, CardHeader, CardTitle, CopyButton } from "@shinian/ui";
import * as React from "react";

/**
 * 收藏到拾念: on any page, opens 拾念's share target (the manifest's `/?title&text&url`) with the
 * page's title, its address and the selected text waiting in the composer.
 */
export const bookmarkletCode = (origin: string) =>
  `javascript:(()=>{const p=new URLSearchParams({title:document.title,text:String(getSelection()),url:location.href});window.open(${JSON.stringify(`${origin}/?`)}+p,"_blank","noopener")})()`;

/** The link to drag to the bookmarks bar. React refuses `javascript:` in href, so it is set on the element. */
export function BookmarkletLink() {
  const link = React.useRef<HTMLAnchorElement>(null);
  React.useEffect(() => {
    link.current?.setAttribute("href", bookmarkletCode(window.location.origin));
  }, []);
  return (
    <Button asChild variant="secondary" size="sm">
      {/* a click here would only open 拾念 on itself: it is meant to be dragged */}
      <a ref={link} href="/" onClick={(e) => e.preventDefault()} title="拖到书签栏">
        收藏到拾念
      </a>
    </Button>
  );
}

/** 隐私与安全's card for it, with the code to copy where dragging is not possible. */
export function BookmarkletCard() {
  return (
    <Card>
      <CardHeader>
        <CardTitle>收藏到拾念</CardTitle>
        <CardDescription>
          把下面的按钮拖到电脑浏览器的书签栏。在任何网页上点它，拾念会带着网页的标题、网址和你选中的文字打开记录框。
        </CardDescription>
      </CardHeader>
      <CardContent className="flex flex-wrap items-center gap-3">
        <BookmarkletLink />
        <CopyButton text={bookmarkletCode(window.location.origin)} size="sm" label="复制书签代码" />
      </CardContent>
    </Card>
  );
}
