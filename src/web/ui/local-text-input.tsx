import { TranslationOutlined } from '@ant-design/icons';
import { Button, Form, Input, Popover, Tooltip } from 'antd';
import { useId, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { TEXT_LANGUAGES, textIn, type LocalText, type TextLanguage } from '../../core/local-text.ts';
import { SUPPORTED_LANGUAGES } from '../i18n/languages.ts';
import { useTextLanguage } from '../i18n/local-text.ts';
import './local-text-input.css';

const LANGUAGE_NAMES = Object.fromEntries(SUPPORTED_LANGUAGES.map((language) => [language.code, language.label])) as Record<TextLanguage, string>;

const slotOf = (lng: string): TextLanguage => TEXT_LANGUAGES.find((each) => each === lng) ?? TEXT_LANGUAGES.find((each) => each.split('-')[0] === lng.split('-')[0]) ?? 'en';

/**
 * A text with one language changed. A plain text that gets a second language becomes one
 * per language, the plain text kept as the language it was typed in; a language emptied is
 * dropped, so the server never sees an empty text in a language.
 */
export function withLanguage(text: LocalText | undefined, lng: TextLanguage, value: string, typedIn: TextLanguage): LocalText {
  const texts: Partial<Record<TextLanguage, string>> = typeof text === 'string' ? (text ? { [typedIn]: text } : {}) : { ...text };
  if (value) texts[lng] = value;
  else delete texts[lng];
  const filled = Object.keys(texts);
  if (filled.length === 0) return '';
  return texts;
}

interface LocalTextInputProps {
  value?: LocalText;
  onChange?: (value: LocalText) => void;
  id?: string;
  placeholder?: string;
  disabled?: boolean;
  autoFocus?: boolean;
  maxLength?: number;
  /** Names the field for assistive technology where no form label does. */
  'aria-label'?: string;
  /** A many-line text (a description). */
  multiline?: boolean;
  /** Drawn after the input, e.g. a unit. */
  addonAfter?: ReactNode;
  className?: string;
  'data-testid'?: string;
}

/**
 * The input of a stored text an administrator writes (a title, a name, a label): the text in
 * the reader's language, and a button whose pop-up fills it in every language Plinth ships.
 * A text never given a second language stays one plain text, read the same in every language.
 */
export function LocalTextInput({ value, onChange, id, placeholder, disabled, autoFocus, maxLength, multiline, addonAfter, className, ...rest }: LocalTextInputProps) {
  const { t } = useTranslation('common');
  const lng = slotOf(useTextLanguage());
  const [open, setOpen] = useState(false);
  const popupId = useId();
  const text = value ?? '';
  const own = typeof text === 'string' ? text : (text[lng] ?? '');
  // A text without the reader's language shows what readers see instead, as a hint.
  const shown = typeof text === 'string' ? placeholder : own ? placeholder : textIn(text, lng) || placeholder;
  const translated = typeof text !== 'string';
  const set = (language: TextLanguage, next: string) => onChange?.(typeof text === 'string' && language === lng ? next : withLanguage(text, language, next, lng));

  const languages = (
    <div className="local-text-languages" id={popupId}>
      {TEXT_LANGUAGES.map((language) => (
        <Form.Item key={language} label={LANGUAGE_NAMES[language]} htmlFor={`${popupId}-${language}`} className="local-text-language">
          <Input
            id={`${popupId}-${language}`}
            lang={language}
            dir={language === 'ar' ? 'rtl' : 'ltr'}
            value={typeof text === 'string' ? (language === lng ? text : '') : (text[language] ?? '')}
            placeholder={typeof text === 'string' && language !== lng && text ? text : undefined}
            maxLength={maxLength}
            disabled={disabled}
            onChange={(event) => set(language, event.target.value)}
          />
        </Form.Item>
      ))}
      <p className="local-text-help">{t('localText.help')}</p>
    </div>
  );

  const button = (
    <Popover content={languages} title={t('localText.title')} trigger="click" open={open} onOpenChange={setOpen} placement="bottomRight" destroyOnHidden>
      <Tooltip title={t('localText.button')}>
        <Button
          type={translated ? 'link' : 'text'}
          size="small"
          icon={<TranslationOutlined />}
          aria-label={t('localText.button')}
          aria-expanded={open}
          aria-controls={open ? popupId : undefined}
          disabled={disabled}
          className="local-text-button"
          data-translated={translated || undefined}
        />
      </Tooltip>
    </Popover>
  );

  const common = { id, value: own, placeholder: shown, disabled, autoFocus, maxLength, dir: 'auto' as const, ...rest };
  if (multiline) {
    return (
      <div className={`local-text-input is-multiline${className ? ` ${className}` : ''}`}>
        <Input.TextArea {...common} autoSize={{ minRows: 2, maxRows: 5 }} onChange={(event) => set(lng, event.target.value)} />
        {button}
      </div>
    );
  }
  return <Input {...common} className={className} onChange={(event) => set(lng, event.target.value)} suffix={button} addonAfter={addonAfter} />;
}
