import { FileUp, FolderUp } from "lucide-react";
import * as React from "react";
import { Button } from "../../primitives/button";
import { IMPORT_ACCEPT } from "./import-status";

export type ImportChooserProps = {
  onChooseFile?: (file: File) => void;
  onChooseFolder?: (files: File[]) => void;
};

// Chromium, Firefox and Safari all read this non-standard attribute; React passes it through.
const folderPicker = { webkitdirectory: "" } as React.InputHTMLAttributes<HTMLInputElement>;

/** 选择文件 / 选择文件夹: hidden native inputs behind two buttons; the input is emptied after each pick. */
export function ImportChooser({ onChooseFile, onChooseFolder }: ImportChooserProps) {
  const fileInput = React.useRef<HTMLInputElement>(null);
  const folderInput = React.useRef<HTMLInputElement>(null);
  return (
    <div data-slot="import-chooser" className="flex flex-col gap-3">
      <p className="text-muted-foreground">
        可选 .zip、.db、.sqlite、.md、.txt 等文件，或一个装着 Markdown
        文件的文件夹。文件类型按内容识别，不看文件名。
      </p>
      <div className="flex flex-wrap gap-2">
        <Button size="sm" onClick={() => fileInput.current?.click()}>
          <FileUp aria-hidden />
          选择文件
        </Button>
        <Button variant="secondary" size="sm" onClick={() => folderInput.current?.click()}>
          <FolderUp aria-hidden />
          选择文件夹
        </Button>
      </div>
      <input
        ref={fileInput}
        type="file"
        accept={IMPORT_ACCEPT}
        aria-label="选择要导入的文件"
        hidden
        onChange={(e) => {
          const file = e.target.files?.[0];
          e.target.value = "";
          if (file) onChooseFile?.(file);
        }}
      />
      <input
        ref={folderInput}
        type="file"
        {...folderPicker}
        multiple
        aria-label="选择 Markdown 文件夹"
        hidden
        onChange={(e) => {
          const files = [...(e.target.files ?? [])];
          e.target.value = "";
          if (files.length > 0) onChooseFolder?.(files);
        }}
      />
    </div>
  );
}
