import type { Rule } from 'antd/es/form';

interface TextSchema {
  readonly minLength?: number;
  readonly maxLength?: number;
  readonly pattern?: string;
}

/** The sentences a field's problems are told in, each naming the field in the reader's language. */
export interface FieldSentences {
  required?: string;
  tooLong: string;
  invalid: string;
}

/**
 * antd rules for a text field from the same schema the server checks the request with
 * (src/core/contracts/drawings.ts), told as whole sentences. The browser reads the schema's
 * keywords itself: the page's script policy forbids compiling it.
 */
export function fieldRules(schema: TextSchema, sentences: FieldSentences): Rule[] {
  const rules: Rule[] = [];
  if (sentences.required) rules.push({ required: true, whitespace: true, message: sentences.required });
  if (schema.maxLength !== undefined) rules.push({ max: schema.maxLength, message: sentences.tooLong });
  if (schema.pattern !== undefined) {
    // ajv reads patterns with the unicode flag.
    const pattern = new RegExp(schema.pattern, 'u');
    rules.push({
      validator: (_rule, value: unknown) => (typeof value !== 'string' || value === '' || pattern.test(value) ? Promise.resolve() : Promise.reject(new Error(sentences.invalid))),
    });
  }
  return rules;
}
