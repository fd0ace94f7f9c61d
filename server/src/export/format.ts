/**
 * The version of data.json's format (docs/export-format.md). Raised whenever the format changes;
 * the import reads every version up to this one.
 */
export const EXPORT_FORMAT_VERSION = 5;
export const exportFormat = (version: number) => `shinian-export/${version}`;
