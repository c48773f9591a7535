import { textIn } from '../../../../core/local-text.ts';
import type { DatasetField } from '../../../../core/query/query-spec.ts';

/** A field as the pickers name it: its title in the author's language, the technical name after it as a hint. */
export function fieldLabel(field: DatasetField, language: string): string {
  const title = textIn(field.title, language);
  return title && title !== field.name ? `${title} (${field.name})` : field.name;
}
