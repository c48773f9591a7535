/** Where a revision opens to be looked at and marked up. */
export const sheetPath = (revisionId: number) => `/drawing/markPicture/${revisionId}`;

/** A sheet's revisions, to compare two of them. */
export const historyPath = (sheetId: number) => `/drawing/pictureHistory?sheetId=${sheetId}`;

export const RELEASE_PATH = '/drawing/pictureRelease';
export const REGISTER_PATH = '/drawing/pictureList';
