import type { FormDetail, FormVersionItem } from '../../src/core/contracts/form.ts';
import type { PermissionGroup } from '../../src/core/contracts/permission-groups.ts';
import type { FormRecord } from '../../src/core/contracts/record.ts';
import type { FormDesign, FormSettings } from '../../src/core/forms/form-design.ts';
import type { LocalText } from '../../src/core/local-text.ts';
import { API, ok } from './authorization.ts';
import type { CallResult, TestApp } from './test-app.ts';

/** A design with a field of every type that holds a value (linked records need a second form). */
export const EVERY_TYPE_DESIGN: FormDesign = {
  version: 1,
  items: [
    { key: 'help', type: 'description', label: 'Help', content: 'Fill in **every** field you can.' },
    {
      key: 'basics',
      type: 'section',
      title: 'Basics',
      fields: [
        { key: 'subject', type: 'text', label: 'Subject', required: true, rules: { minLength: 2, maxLength: 20 } },
        { key: 'notes', type: 'textarea', label: 'Notes', rules: { maxLength: 200 } },
        { key: 'qty', type: 'number', label: 'Quantity', precision: 0, rules: { min: 0, max: 100 } },
        { key: 'price', type: 'money', label: 'Price', precision: 2, rules: { min: 0 } },
        { key: 'rate', type: 'percentage', label: 'Rate', rules: { min: 0, max: 100 } },
        { key: 'day', type: 'date', label: 'Day' },
        { key: 'at', type: 'datetime', label: 'At' },
      ],
    },
    {
      key: 'choices',
      type: 'section',
      title: 'Choices',
      fields: [
        { key: 'kind', type: 'select', label: 'Kind', options: [{ value: 'a', label: 'Alpha' }, { value: 'b', label: 'Beta' }, { value: 'c', label: 'Gamma' }] },
        { key: 'tags', type: 'multiselect', label: 'Tags', options: [{ value: 'red', label: 'Red' }, { value: 'green', label: 'Green' }, { value: 'blue', label: 'Blue' }] },
        { key: 'size', type: 'radio', label: 'Size', options: [{ value: 's', label: 'Small' }, { value: 'l', label: 'Large' }] },
        { key: 'extras', type: 'checkbox', label: 'Extras', options: [{ value: 'wifi', label: 'Wi-Fi' }, { value: 'desk', label: 'Desk' }] },
        { key: 'urgent', type: 'switch', label: 'Urgent' },
        { key: 'reason', type: 'text', label: 'Reason', visibleIf: { all: [{ field: 'urgent', op: 'eq', value: true }] }, requiredIf: { all: [{ field: 'urgent', op: 'eq', value: true }] } },
      ],
    },
    {
      key: 'contact',
      type: 'section',
      title: 'Contact',
      fields: [
        { key: 'place', type: 'address', label: 'Place' },
        { key: 'phone', type: 'mobile', label: 'Mobile' },
        { key: 'email', type: 'email', label: 'E-mail' },
        { key: 'idNo', type: 'idNumber', label: 'ID number' },
        { key: 'landline', type: 'landline', label: 'Landline' },
        { key: 'zip', type: 'postalCode', label: 'Postal code' },
        { key: 'files', type: 'attachment', label: 'Files', accept: ['pdf'] },
        { key: 'photos', type: 'image', label: 'Photos' },
        { key: 'owner', type: 'member', label: 'Owner' },
        { key: 'watchers', type: 'member', label: 'Watchers', multiple: true },
        { key: 'team', type: 'department', label: 'Team' },
      ],
    },
    {
      key: 'items',
      type: 'subtable',
      label: 'Items',
      fields: [
        { key: 'name', type: 'text', label: 'Item', required: true },
        { key: 'n', type: 'number', label: 'Count', precision: 0, rules: { min: 1 } },
        { key: 'cost', type: 'money', label: 'Cost', precision: 2 },
        { key: 'amount', type: 'computed', label: 'Amount', formula: 'ROUND(n * cost, 2)', resultType: 'number', precision: 2 },
      ],
    },
    { key: 'total', type: 'computed', label: 'Total', formula: 'SUM(items.amount)', resultType: 'number', precision: 2 },
  ],
};

/** A record of EVERY_TYPE_DESIGN that passes (ids of members are filled in by the caller). */
export const GOOD_RECORD = {
  subject: 'Leaking pipe',
  notes: 'Under the sink',
  qty: 3,
  price: 308941.85,
  rate: 12.5,
  day: '2026-11-20',
  at: '2026-11-20T09:30:00+08:00',
  kind: 'b',
  tags: ['red', 'blue'],
  size: 'l',
  extras: ['desk'],
  urgent: false,
  place: { province: '440000', city: '440300', district: '440305' },
  phone: '13800000009',
  email: 'jane.doe@site.example',
  idNo: '11010519491231002X',
  landline: '0755-12345678',
  zip: '518000',
  items: [
    { name: 'Washer', n: 2, cost: 1.5 },
    { name: 'Labour', n: 1, cost: 80 },
  ],
};

export const SIMPLE_DESIGN: FormDesign = {
  version: 1,
  items: [
    { key: 'summary', type: 'text', label: 'Summary', required: true },
    { key: 'amount', type: 'number', label: 'Amount', rules: { min: 0 } },
  ],
};

export async function createForm(t: TestApp, token: string, body: { name: LocalText; design?: FormDesign; workspaceCode?: string | null }): Promise<FormDetail> {
  return ok<FormDetail>(t, 'POST', 'form/create', token, body);
}

/** A form with the design (and settings), published: its detail after publishing. */
export async function publishedForm(t: TestApp, token: string, name: LocalText, design: FormDesign, settings?: Partial<FormSettings>): Promise<FormDetail> {
  const form = await createForm(t, token, { name, design });
  if (settings) await ok<FormDetail>(t, 'POST', 'form/settings/update', token, { id: form.id, revision: form.revision, settings: { ...form.settings, ...settings } });
  await ok<FormVersionItem>(t, 'POST', 'form/publish', token, { id: form.id });
  return ok<FormDetail>(t, 'GET', 'form/detail', token, undefined, { id: form.id });
}

export async function createRecord(t: TestApp, token: string, formId: number, data: Record<string, unknown>, extra: Record<string, unknown> = {}): Promise<FormRecord> {
  return ok<FormRecord>(t, 'POST', 'record/create', token, { formId, data, ...extra });
}

/** Gives a member exactly these extra points (a permission group of their own). */
export async function grantPoints(t: TestApp, adminToken: string, userId: number, points: string[], name = `Points of ${userId} ${points.join(' ')}`): Promise<void> {
  const group = await ok<PermissionGroup>(t, 'POST', 'pmsGroup/create', adminToken, { name: name.slice(0, 60), points });
  await ok(t, 'POST', 'pmsGroup/assign', adminToken, { id: group.id, roleIds: [], userIds: [userId] });
}

/** An API call that may fail, for checking refusals. */
export const call = <T = unknown>(t: TestApp, method: string, path: string, token: string, body?: unknown, query?: Record<string, string | number>): Promise<CallResult<T>> =>
  t.call<T>(method, `${API}/${path}`, { token, body, query });
