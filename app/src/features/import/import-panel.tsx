import { ImportCard } from "@shinian/ui";
import { useImport } from "./use-import.ts";

/** 导入数据 on 个人资料, drawn by the design system's ImportCard from the import machine. */
export function ImportPanel() {
  const { status, machine } = useImport();
  return (
    <ImportCard
      status={status}
      onChooseFile={(file) => void machine.chooseFile(file)}
      onChooseFolder={(files) => void machine.chooseFolder(files)}
      onStart={(options) => void machine.start(options)}
      onCancel={() => void machine.cancel()}
      onReset={machine.reset}
    />
  );
}
