import { describe, expect, it } from 'vitest';
import { FORMAT_CHECKS, normalizeMobilePhone, type FormatName } from '../../src/core/validation/formats.ts';
import { createAjv, describeValidationError } from '../../src/core/validation/ajv.ts';

const TABLE: Record<FormatName, { valid: string[]; invalid: string[] }> = {
  nationalId: {
    valid: ['11010519491231002X', '11010519491231002x', '440304199001011233', '310115200012294560', '510108200402290016'],
    invalid: [
      '110105194912310021', // wrong check digit
      '440304199002301233', // 30 February
      '510108200302290016', // 29 February in a common year
      '01010519491231002X', // region cannot start with 0
      '11010517491231002X', // born in the 1700s
      '1101051949123100', // too short
      '11010519491231002XX',
      '',
    ],
  },
  mobilePhone: {
    valid: ['13800000000', '19912345678', '+8613800000000', '008615012345678'],
    invalid: ['12800000000', '1380000000', '138000000000', '+8513800000000', '86 13800000000', '138-0000-0000', ''],
  },
  email: {
    valid: ['alice@northwind.example', 'a_b-c@mail-server.co.uk', 'jane.doe@site.example', 'X1@Y2.CN'],
    invalid: ['plain', 'a@b', '@b.cn', 'a@.cn', 'a..b@c.cn', '.a@c.cn', 'a+tag@c.cn', 'a@b.cn.', 'a b@c.cn', '<a>@c.cn'],
  },
  landline: {
    valid: ['010-12345678', '021-1234567', '0755-88888888', '0571-1234567'],
    invalid: ['10-12345678', '010-123456', '010-123456789', '01012345678', '0755 88888888', '00755-1234567'],
  },
  postalCode: {
    valid: ['100000', '518057', '000000'],
    invalid: ['10000', '1000000', '10000a', ' 100000'],
  },
  percentage: {
    valid: ['50', '50%', '12.5%', '-3.2%', '+7', '0.75', '.5%', '100.%'],
    invalid: ['%', 'abc', '5%%', '1,5', '', '50 %'],
  },
  numeric: {
    valid: ['0', '42', '-17', '+3.14', '.5', '10.'],
    invalid: ['', '1e5', '1,000', 'abc', '--1', '1.2.3'],
  },
};

describe('validation formats (spec §5)', () => {
  for (const [name, cases] of Object.entries(TABLE) as [FormatName, (typeof TABLE)[FormatName]][]) {
    it.each(cases.valid)(`${name} accepts %s`, (value) => expect(FORMAT_CHECKS[name](value)).toBe(true));
    it.each(cases.invalid)(`${name} rejects %s`, (value) => expect(FORMAT_CHECKS[name](value)).toBe(false));
  }

  it('normalizes +86 and 0086 prefixes away', () => {
    expect(normalizeMobilePhone('+8613800000000')).toBe('13800000000');
    expect(normalizeMobilePhone('008613800000000')).toBe('13800000000');
    expect(normalizeMobilePhone('13800000000')).toBe('13800000000');
  });

  it('registers every format with ajv, so schemas on both sides use them', () => {
    const ajv = createAjv();
    for (const [name, cases] of Object.entries(TABLE)) {
      const validate = ajv.compile({ type: 'string', format: name });
      expect(validate(cases.valid[0]), name).toBe(true);
      expect(validate(cases.invalid[0]), name).toBe(false);
    }
  });

  it('names the field in validation messages, nested paths included', () => {
    const ajv = createAjv();
    const validate = ajv.compile({
      type: 'object',
      additionalProperties: false,
      required: ['contact'],
      properties: {
        contact: {
          type: 'object',
          required: ['phone'],
          properties: { phone: { type: 'string', format: 'mobilePhone' }, tags: { type: 'array', items: { type: 'string' } } },
        },
      },
    });
    const first = (data: unknown) => {
      validate(data);
      return describeValidationError(validate.errors![0]!);
    };
    expect(first({})).toBe('contact: is required');
    expect(first({ contact: {} })).toBe('contact.phone: is required');
    expect(first({ contact: { phone: '123' } })).toBe('contact.phone: must be a valid mobilePhone');
    expect(first({ contact: { phone: '13800000000', tags: ['a', 3] } })).toBe('contact.tags[1]: must be string');
    expect(first({ contact: { phone: '13800000000' }, x: 1 })).toBe('x: is not an allowed field');
  });
});
