/** The phases of a data export, in the order the app's state machine walks them. */
export type ExportPhase =
  | "idle"
  | "checking"
  | "preparing"
  | "processing"
  | "downloading"
  | "completed"
  | "error";

/** What a finished export produced: the file and how many ideas and notes it holds. */
export type ExportResult = {
  downloadUrl?: string;
  filename: string;
  fileSize: number;
  exportCount: { thoughts: number; notes: number; total: number };
  exportTime: string;
};

/** The export status the app owns and hands to the ExportCard. */
export type ExportStatus = {
  status: ExportPhase;
  progress: number;
  message: string;
  error?: string | null;
  result?: ExportResult | null;
};

const runningPhases: ReadonlySet<ExportPhase> = new Set([
  "checking",
  "preparing",
  "processing",
  "downloading",
]);

/** True while an export is under way: checking, preparing, processing or downloading. */
export function isExportRunning(phase: ExportPhase): boolean {
  return runningPhases.has(phase);
}
