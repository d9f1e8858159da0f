// The data export's public entry (decision 0045): each use case lives in its own file (decision 0068).
export { DATA_EXPORT_EXPIRY_JOB, DATA_EXPORT_JOB, type DataExportState } from "./data-export-records.server";
export { dataExportStatusFor, requestDataExport, type DataExportRequestResult, type DataExportStatus } from "./request-data-export.server";
export { collectExportContents, zipExport } from "./export-contents.server";
export { buildDataExportLink, createDataExportExpiryHandler, createDataExportHandler } from "./data-export-jobs.server";
export { exportLinkState, openDataExport, type ExportDownload, type ExportLinkState } from "./download-data-export.server";
