/** The designer's addresses: the form list, one form's designer (`?id=`), advance settings (`?id=`). */
export const DESIGNER_PATH = '/table/customerForm/form';
export const ADVANCE_PATH = '/table/customerForm/advance';

export const designerPath = (id: number) => `${DESIGNER_PATH}?id=${id}`;
export const advancePath = (id: number) => `${ADVANCE_PATH}?id=${id}`;

/** The form id of a `?id=` parameter, or null when it names none. */
export function formIdOf(value: string | null): number | null {
  const id = Number(value);
  return Number.isSafeInteger(id) && id > 0 ? id : null;
}
