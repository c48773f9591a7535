import type { FormInstance } from 'antd';
import Schema, { type RuleItem } from '@rc-component/async-validator';
import type { Rule } from 'antd/es/form';
import i18next, { type TFunction } from 'i18next';
import { beforeAll, describe, expect, it } from 'vitest';
import { formCreateBody } from '../../../../src/core/contracts/form.ts';
import { userInviteBody, workspaceCreateBody } from '../../../../src/core/contracts/management.ts';
import { roleCreateBody } from '../../../../src/core/contracts/role.ts';
import { ApiError } from '../../../../src/web/api/api-error.ts';
import { schemaRules, withoutEmpty } from '../../../../src/web/ui/schema-rules.ts';
import { fieldOfMessage, placeServerError } from '../../../../src/web/ui/server-errors.ts';
import { readLocale } from '../../../helpers/locales.ts';

let t: TFunction;
beforeAll(async () => {
  const instance = i18next.createInstance();
  await instance.init({ lng: 'en', ns: ['admin'], resources: { en: { admin: readLocale('en', 'admin') as Record<string, unknown> } } });
  t = instance.t;
});

/** The first message antd's own validation engine gives for a value, or null when the rules pass. */
async function firstError(rules: Rule[], value: unknown): Promise<string | null> {
  const schema = new Schema({ field: rules as RuleItem[] });
  try {
    await schema.validate({ field: value }, { first: true });
    return null;
  } catch (failure) {
    const { errors } = failure as { errors: { message: string }[] };
    return errors[0]!.message;
  }
}

describe('form rules read from the request schemas', () => {
  it('hold a role code to the pattern the server checks', async () => {
    const rules = schemaRules(t, roleCreateBody, 'code', 'bad code');
    expect(await firstError(rules, '')).toBe('Required');
    expect(await firstError(rules, '9lives')).toBe('bad code');
    expect(await firstError(rules, 'site-lead_2')).toBeNull();
    expect(await firstError(rules, `a${'b'.repeat(32)}`)).toBe('bad code');
  });

  it('refuse a name of spaces or with angle brackets, and one over the length limit', async () => {
    const rules = schemaRules(t, roleCreateBody, 'name', 'no brackets');
    expect(await firstError(rules, '   ')).toBe('Required');
    expect(await firstError(rules, 'Site <b>lead</b>')).toBe('no brackets');
    expect(await firstError(rules, 'x'.repeat(65))).toBe('At most 64 characters');
    expect(await firstError(rules, '现场负责人')).toBeNull();
  });

  it('hold a form\'s name in each of its languages to the server\'s limits', async () => {
    const rules = schemaRules(t, formCreateBody, 'name');
    expect(await firstError(rules, { en: '  ' })).toBe('Required');
    expect(await firstError(rules, { en: 'Boiler check', 'zh-CN': '长'.repeat(81) })).toBe('At most 80 characters');
    expect(await firstError(rules, { en: 'Boiler check', 'zh-CN': '锅炉检查', ar: 'فحص المرجل' })).toBeNull();
    expect(await firstError(rules, 'Boiler check')).toBeNull();
  });

  it('check formats with the shared format rules, and leave an empty optional field alone', async () => {
    const email = schemaRules(t, userInviteBody, 'email', 'bad e-mail');
    expect(await firstError(email, 'jane.doe@site.example')).toBeNull();
    expect(await firstError(email, 'jane@')).toBe('bad e-mail');
    const mobile = schemaRules(t, userInviteBody, 'mobilePhone', 'bad phone');
    expect(await firstError(mobile, '')).toBeNull();
    expect(await firstError(mobile, '+8613800000009')).toBeNull();
    expect(await firstError(mobile, '12345')).toBe('bad phone');
  });

  it('check allowed values and workspace codes', async () => {
    expect(await firstError(schemaRules(t, userInviteBody, 'type', 'bad type'), 'ROOT')).toBe('bad type');
    expect(await firstError(schemaRules(t, workspaceCreateBody, 'code', 'bad code'), 'nw-hq')).toBe('bad code');
    expect(await firstError(schemaRules(t, workspaceCreateBody, 'code', 'bad code'), 'NW-NORTH')).toBeNull();
  });

  it('fail loudly for a field the schema does not have', () => {
    expect(() => schemaRules(t, roleCreateBody, 'colour')).toThrow(/no field colour/);
  });

  it('drop empty optional strings before sending', () => {
    expect(withoutEmpty({ name: 'Ops', description: '  ', mobilePhone: undefined, roleIds: [] })).toEqual({ name: 'Ops', roleIds: [] });
  });
});

describe('server messages beside their field', () => {
  const fakeForm = () => {
    const set: { name: unknown; errors?: string[] }[] = [];
    return { form: { setFields: (fields: typeof set) => set.push(...fields) } as unknown as FormInstance, set };
  };

  it('find the field a validation message names', () => {
    expect(fieldOfMessage('code: must match pattern "^[A-Z]"', ['code', 'name'])).toEqual({ field: 'code', text: 'must match pattern "^[A-Z]"' });
    expect(fieldOfMessage('points[2]: Unknown function point', ['points'])).toEqual({ field: 'points', text: 'Unknown function point' });
    expect(fieldOfMessage('Role not found', ['code'])).toBeNull();
    expect(fieldOfMessage('colour: is not an allowed field', ['code'])).toBeNull();
  });

  it('put a 400 on the named field and a 409 on the conflicting one', () => {
    const bad = fakeForm();
    expect(placeServerError(bad.form, new ApiError('name: must NOT have more than 64 characters', 'http', 400, 400), ['name'])).toBe('');
    expect(bad.set).toEqual([{ name: 'name', errors: ['must NOT have more than 64 characters'] }]);

    const taken = fakeForm();
    expect(placeServerError(taken.form, new ApiError('Role code site-lead is taken', 'http', 409, 409), ['code', 'name'], () => 'code')).toBe('');
    expect(taken.set).toEqual([{ name: 'code', errors: ['Role code site-lead is taken'] }]);
  });

  it('answer the message for the form when no field fits', () => {
    const other = fakeForm();
    expect(placeServerError(other.form, new ApiError('Forbidden', 'http', 403, 403), ['name'])).toBe('Forbidden');
    expect(placeServerError(other.form, new ApiError('Network error', 'network', 0, 0), ['name'])).toBe('Network error');
    expect(other.set).toEqual([]);
  });
});
