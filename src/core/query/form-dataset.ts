/**
 * A published form's records read as a dataset (views, plates, pages) answer to the code
 * `form_<id>`: the one rule the server and the web app name and recognise them by.
 */
export const formDatasetCode = (formId: number): string => `form_${formId}`;

const FORM_CODE = /^form_(\d{1,15})$/;

/** The form a dataset code names, or null for a stored dataset or a view. */
export const formIdOfCode = (code: string): number | null => {
  const match = FORM_CODE.exec(code);
  return match ? Number(match[1]) : null;
};
