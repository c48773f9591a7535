/** The designer's addresses: the form list, one form's designer (`?id=`), advance settings (`?id=`). */
export const DESIGNER_PATH = '/table/customerForm/form';
export const ADVANCE_PATH = '/table/customerForm/advance';

export const designerPath = (id: number) => `${DESIGNER_PATH}?id=${id}`;
/** The designer on a follow-up type's data template: it goes back to the data templates and publishes as they do. */
export const templateDesignerPath = (id: number, typeId: number) => `${DESIGNER_PATH}?id=${id}&template=${typeId}`;
export const advancePath = (id: number) => `${ADVANCE_PATH}?id=${id}`;
