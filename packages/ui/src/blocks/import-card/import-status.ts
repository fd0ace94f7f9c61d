/** Counts of what an import holds or brought in. */
export type ImportCardCounts = { ideas: number; notes: number; conversations: number };

/** What the server found in the file before anything is imported. */
export type ImportCardPreview = ImportCardCounts & {
  /** already in the account: skipped when the import runs */
  duplicates: number;
  /** earliest and latest creation day (ISO), null when the file holds nothing */
  from: string | null;
  to: string | null;
};

/** One record that could not be imported, and why (Chinese). */
export type ImportCardRefusal = { item: string; message: string };

/** The import as the app's state machine holds it; the ImportCard draws one phase at a time. */
export type ImportCardStatus =
  | { phase: "idle" }
  | { phase: "uploading"; fileName: string }
  /** The upload was turned away (too large, unknown kind, another import running). */
  | { phase: "refused"; error: string }
  | {
      phase: "previewed";
      fileName: string;
      kindLabel: string;
      preview: ImportCardPreview;
      /** A 拾念 export can also bring 昵称 and 自我介绍: offer the choice. */
      offersProfile: boolean;
    }
  | {
      phase: "running";
      kindLabel: string;
      done: number;
      total: number;
      /** 取消导入 was clicked and the server is rolling back. */
      cancelling?: boolean;
      /** The last progress reads failed; still trying. */
      reconnecting?: boolean;
      /** Started, waiting for the server's earlier imports to end (排队中). */
      queued?: boolean;
    }
  | {
      phase: "done";
      imported: ImportCardCounts;
      skipped: number;
      /** the first refusals (the server lists at most 100) */
      refused: ImportCardRefusal[];
      /** every refusal, listed or not */
      refusedCount: number;
    }
  | { phase: "failed"; error: string }
  | { phase: "cancelled" };

export type ImportPhase = ImportCardStatus["phase"];

/** The file types the chooser offers; the server tells the kind from the contents, not the name. */
export const IMPORT_ACCEPT = ".zip,.db,.sqlite,.sqlite3,.md,.markdown,.mdown,.txt";

export const countOf = (counts: ImportCardCounts) => counts.ideas + counts.notes + counts.conversations;
