export { importMspdi, type ImportWarning, type ImportWarningCode, type MspdiImport, type MspdiImportOptions } from './import.ts';
export { exportMspdi, type MspdiExportOptions, type ScheduledDates } from './export.ts';
export { MspdiError, type MspdiErrorCode } from './xml.ts';
