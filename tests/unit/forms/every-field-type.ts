import { compileFormDesign } from '../../../src/core/forms/compile-form-design.ts';
import { DEFAULT_FORM_SETTINGS, type FieldType, type FormDesign, type FormSettings, type FormVersionModel } from '../../../src/core/forms/form-design.ts';

/** A design with one field of every type (and a section), used by the forms unit tests. */
export const EVERY_TYPE_DESIGN: FormDesign = {
  version: 1,
  items: [
    { key: 'intro', type: 'description', label: 'Intro', content: 'Fill in **every** field.' },
    { key: 'subject', type: 'text', label: 'Subject', required: true, rules: { maxLength: 20, pattern: '^[A-Z]', patternMessage: 'must start with a capital letter' } },
    { key: 'details', type: 'textarea', label: 'Details', rules: { minLength: 5 } },
    { key: 'qty', type: 'number', label: 'Quantity', precision: 0, rules: { min: 1, max: 1000 } },
    { key: 'price', type: 'money', label: 'Unit price' },
    { key: 'discount', type: 'percentage', label: 'Discount' },
    { key: 'dueDate', type: 'date', label: 'Due date' },
    { key: 'visitAt', type: 'datetime', label: 'Visit at' },
    {
      key: 'priority',
      type: 'select',
      label: 'Priority',
      options: [
        { value: 'low', label: 'Low' },
        { value: 'high', label: 'High' },
      ],
    },
    {
      key: 'trades',
      type: 'multiselect',
      label: 'Trades',
      options: [
        { value: 'plumbing', label: 'Plumbing' },
        { value: 'electrical', label: 'Electrical' },
      ],
      rules: { maxItems: 1 },
    },
    {
      key: 'shift',
      type: 'radio',
      label: 'Shift',
      options: [
        { value: 'day', label: 'Day' },
        { value: 'night', label: 'Night' },
      ],
    },
    {
      key: 'checks',
      type: 'checkbox',
      label: 'Checks',
      options: [
        { value: 'ppe', label: 'PPE worn' },
        { value: 'permit', label: 'Permit shown' },
      ],
    },
    { key: 'urgent', type: 'switch', label: 'Urgent' },
    {
      key: 'contact',
      type: 'section',
      title: 'Contact',
      fields: [
        { key: 'site', type: 'address', label: 'Site address' },
        { key: 'contactPhone', type: 'mobile', label: 'Contact phone' },
        { key: 'contactEmail', type: 'email', label: 'Contact e-mail' },
        { key: 'idNumber', type: 'idNumber', label: 'ID number' },
        { key: 'officePhone', type: 'landline', label: 'Office phone' },
        { key: 'postalCode', type: 'postalCode', label: 'Postal code' },
      ],
    },
    { key: 'documents', type: 'attachment', label: 'Documents', accept: ['pdf', 'docx'], maxSizeMb: 1 },
    { key: 'photos', type: 'image', label: 'Photos', rules: { maxItems: 3 } },
    { key: 'inspector', type: 'member', label: 'Inspector' },
    { key: 'teams', type: 'department', label: 'Teams', multiple: true },
    { key: 'lease', type: 'linkedRecord', label: 'Lease', linkedFormId: 7 },
    {
      key: 'items',
      type: 'subtable',
      label: 'Items',
      fields: [
        { key: 'name', type: 'text', label: 'Name', required: true },
        { key: 'amount', type: 'money', label: 'Amount', rules: { min: 0 } },
      ],
    },
    { key: 'total', type: 'computed', label: 'Total', formula: 'SUM(items.amount)', precision: 2 },
  ],
};

export const EVERY_TYPE_COVERED: FieldType[] = [
  'text', 'textarea', 'number', 'money', 'percentage', 'date', 'datetime', 'select', 'multiselect', 'radio', 'checkbox', 'switch',
  'address', 'mobile', 'email', 'idNumber', 'landline', 'postalCode', 'attachment', 'image', 'member', 'department', 'linkedRecord',
  'subtable', 'computed', 'description',
];

/** A record of EVERY_TYPE_DESIGN that passes every rule. */
export const GOOD_RECORD = {
  subject: 'Leaking pipe',
  details: 'Water under the sink in unit 3B.',
  qty: 2,
  price: 12.5,
  discount: 12.5,
  dueDate: '2026-12-01',
  visitAt: '2026-11-30T09:30:00+08:00',
  priority: 'high',
  trades: ['plumbing'],
  shift: 'day',
  checks: ['ppe', 'permit'],
  urgent: true,
  site: { province: '440000', city: '440300', district: '440305' },
  contactPhone: '13800000000',
  contactEmail: 'jane.doe@northwind.example',
  idNumber: '11010519491231002X',
  officePhone: '0755-88888888',
  postalCode: '518057',
  documents: [{ fileId: 'f-1', name: 'permit.PDF', size: 1000, type: 'application/pdf' }],
  photos: [{ fileId: 'f-2', name: 'leak.jpg', size: 2048, type: 'image/jpeg' }],
  inspector: 12,
  teams: [3, 4],
  lease: { formId: 7, recordId: 99, title: 'Lease 2026-001' },
  items: [
    { name: 'Valve', amount: 30 },
    { name: 'Labour', amount: 80.25 },
  ],
};

/** Visibility of a field and of a section, and conditional requiredness. */
export const CONDITIONAL_DESIGN: FormDesign = {
  version: 1,
  items: [
    { key: 'kind', type: 'radio', label: 'Kind', required: true, options: [{ value: 'repair', label: 'Repair' }, { value: 'other', label: 'Other' }] },
    { key: 'otherReason', type: 'text', label: 'Other reason', required: true, visibleIf: { all: [{ field: 'kind', op: 'eq', value: 'other' }] } },
    { key: 'cost', type: 'money', label: 'Cost' },
    { key: 'approver', type: 'member', label: 'Approver', requiredIf: { all: [{ field: 'cost', op: 'gt', value: 1000 }] } },
    {
      key: 'hazard',
      type: 'section',
      title: 'Hazard',
      visibleIf: { all: [{ field: 'kind', op: 'eq', value: 'repair' }] },
      fields: [{ key: 'hazardNote', type: 'text', label: 'Hazard note', required: true }],
    },
  ],
};

export function versionOf(design: FormDesign, settings: FormSettings = DEFAULT_FORM_SETTINGS, formId = 1, version = 1): FormVersionModel {
  return { formId, version, design, schema: compileFormDesign(design).schema, settings };
}

/**
 * Bad values per field, each with the field path the error must name and a piece of its
 * message. One table for the server-side checks and the generated browser validator.
 */
export const BAD_VALUES: { name: string; patch: Record<string, unknown>; field: string; message: string }[] = [
  { name: 'text over its maximum length', patch: { subject: 'A'.repeat(21) }, field: 'subject', message: 'at most 20 characters' },
  { name: 'text not matching its pattern', patch: { subject: 'lower case' }, field: 'subject', message: 'must start with a capital letter' },
  { name: 'text of the wrong type', patch: { subject: 42 }, field: 'subject', message: 'must be string' },
  { name: 'long text under its minimum', patch: { details: 'abc' }, field: 'details', message: 'at least 5 characters' },
  { name: 'number with decimals at precision 0', patch: { qty: 1.5 }, field: 'qty', message: 'whole number' },
  { name: 'number below its minimum', patch: { qty: 0 }, field: 'qty', message: 'at least 1' },
  { name: 'number as text', patch: { qty: '3' }, field: 'qty', message: 'must be number' },
  { name: 'money with three decimals', patch: { price: 12.345 }, field: 'price', message: 'at most 2 decimal places' },
  { name: 'percentage over 100', patch: { discount: 120 }, field: 'discount', message: 'at most 100' },
  { name: 'percentage below 0', patch: { discount: -1 }, field: 'discount', message: 'at least 0' },
  { name: 'date not in YYYY-MM-DD', patch: { dueDate: '01/12/2026' }, field: 'dueDate', message: 'must be a date' },
  { name: 'date that does not exist', patch: { dueDate: '2026-02-30' }, field: 'dueDate', message: 'must be a date' },
  { name: 'date-time without a zone', patch: { visitAt: '2026-11-30T09:30:00' }, field: 'visitAt', message: 'time zone' },
  { name: 'select outside its options', patch: { priority: 'medium' }, field: 'priority', message: 'one of: Low, High' },
  { name: 'multi-select outside its options', patch: { trades: ['roofing'] }, field: 'trades[0]', message: 'one of: Plumbing, Electrical' },
  { name: 'checkbox repeating a value', patch: { checks: ['ppe', 'ppe'] }, field: 'checks', message: 'must not repeat' },
  { name: 'multi-select over maxItems', patch: { trades: ['plumbing', 'electrical'] }, field: 'trades', message: 'at most 1 entry' },
  { name: 'radio outside its options', patch: { shift: 'evening' }, field: 'shift', message: 'one of: Day, Night' },
  { name: 'checkbox as a string', patch: { checks: 'ppe' }, field: 'checks', message: 'must be array' },
  { name: 'switch as a string', patch: { urgent: 'yes' }, field: 'urgent', message: 'must be boolean' },
  { name: 'address without a province', patch: { site: { city: '440300' } }, field: 'site.province', message: 'is required' },
  { name: 'address with a bad code', patch: { site: { province: '44' } }, field: 'site.province', message: 'pattern' },
  { name: 'address with an unknown part', patch: { site: { province: '440000', street: 'x' } }, field: 'site.street', message: 'not part of this value' },
  { name: 'mobile that is not mainland', patch: { contactPhone: '12800000000' }, field: 'contactPhone', message: 'Contact phone (contactPhone): must be a mainland mobile number' },
  { name: 'e-mail without a domain dot', patch: { contactEmail: 'a@b' }, field: 'contactEmail', message: 'e-mail address' },
  { name: 'national id with a wrong check digit', patch: { idNumber: '110105194912310021' }, field: 'idNumber', message: 'national ID number' },
  { name: 'landline without an area code', patch: { officePhone: '88888888' }, field: 'officePhone', message: 'landline' },
  { name: 'postal code of 5 digits', patch: { postalCode: '51805' }, field: 'postalCode', message: '6-digit postal code' },
  { name: 'attachment of a type not accepted', patch: { documents: [{ fileId: 'f', name: 'x.exe', size: 1, type: 'application/x' }] }, field: 'documents[0].name', message: 'pdf, docx' },
  { name: 'attachment over its size', patch: { documents: [{ fileId: 'f', name: 'x.pdf', size: 2 * 1024 * 1024, type: 'application/pdf' }] }, field: 'documents[0].size', message: 'at most 1 MB' },
  { name: 'attachment without its file id', patch: { documents: [{ name: 'x.pdf', size: 1, type: 'application/pdf' }] }, field: 'documents[0].fileId', message: 'is required' },
  { name: 'image that is not an image', patch: { photos: [{ fileId: 'f', name: 'notes.txt', size: 1, type: 'text/plain' }] }, field: 'photos[0].name', message: 'jpg, jpeg, bmp, png, svg' },
  { name: 'images over maxItems', patch: { photos: [1, 2, 3, 4].map((i) => ({ fileId: `f${i}`, name: `${i}.png`, size: 1, type: 'image/png' })) }, field: 'photos', message: 'at most 3 entries' },
  { name: 'member as a list when single', patch: { inspector: [12] }, field: 'inspector', message: 'must be integer' },
  { name: 'member id of zero', patch: { inspector: 0 }, field: 'inspector', message: 'at least 1' },
  { name: 'departments as one id when multiple', patch: { teams: 3 }, field: 'teams', message: 'must be array' },
  { name: 'linked record of another form', patch: { lease: { formId: 8, recordId: 1, title: 'x' } }, field: 'lease.formId', message: 'linked form' },
  { name: 'sub-table row missing a required column', patch: { items: [{ name: 'a' }, { name: 'b' }, { amount: 3 }] }, field: 'items[2].name', message: 'Items › Name (items[2].name): is required' },
  { name: 'sub-table row with a negative amount', patch: { items: [{ name: 'a' }, { name: 'b' }, { name: 'c', amount: -1 }] }, field: 'items[2].amount', message: 'at least 0' },
  { name: 'sub-table row with an unknown column', patch: { items: [{ name: 'a', colour: 'red' }] }, field: 'items[0].colour', message: 'not a column' },
  { name: 'a field the form does not have', patch: { colour: 'red' }, field: 'colour', message: 'not a field of this form' },
  { name: 'a required field left empty', patch: { subject: '' }, field: 'subject', message: 'is required' },
];
