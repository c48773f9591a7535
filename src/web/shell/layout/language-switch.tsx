import { GlobalOutlined } from '@ant-design/icons';
import { Select } from 'antd';
import { useTranslation } from 'react-i18next';
import { changeLanguage, languageOf, SUPPORTED_LANGUAGES, type SupportedLanguage } from '../../i18n/i18n.ts';

/** The interface language; Arabic turns the whole layout right-to-left. */
export function LanguageSwitch() {
  const { t, i18n } = useTranslation('common');
  return (
    <Select
      value={languageOf(i18n)}
      onChange={(lng: SupportedLanguage) => void changeLanguage(lng)}
      options={SUPPORTED_LANGUAGES.map((l) => ({ value: l.code, label: l.label }))}
      suffixIcon={<GlobalOutlined />}
      aria-label={t('language.label')}
      variant="borderless"
      style={{ minWidth: 120 }}
      popupMatchSelectWidth={false}
    />
  );
}
