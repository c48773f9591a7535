/** Addresses of the plate editor screens (src/core/routes.ts). */
export const CREATE_PLATE_PATH = '/dataAnalysisPlate/CreatePlate';
export const EDIT_PLATE_PATH = '/dataAnalysisPlate/EditPlate';
/** The settings of the component the plate store's `editIdx` names. */
export const COMPONENT_SET_PATH = '/dataAnalysisPlate/ComponentSet';

export const plateEditorPath = (id: number) => `${EDIT_PLATE_PATH}?id=${id}`;
