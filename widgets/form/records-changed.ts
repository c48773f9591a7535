import { observable, runInAction } from 'mobx';

/** Records made through a form widget since the app started, by form: the record lists of that form on the page reload. */
const made = observable.map<number, number>();

export const recordsMade = (formId: number): number => made.get(formId) ?? 0;

export function noteRecordMade(formId: number): void {
  runInAction(() => made.set(formId, recordsMade(formId) + 1));
}
