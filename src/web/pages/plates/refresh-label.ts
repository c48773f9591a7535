import type { TFunction } from 'i18next';

/** "Auto-refresh off", "Every 30 seconds", "Every 5 minutes", "Every hour". */
export function refreshLabel(t: TFunction<'widgets'>, seconds: number): string {
  if (seconds === 0) return t('widgets:plates.view.refreshOff');
  if (seconds < 60) return t('widgets:plates.view.everySeconds', { count: seconds });
  if (seconds < 3600) return t('widgets:plates.view.everyMinutes', { count: seconds / 60 });
  return t('widgets:plates.view.everyHours', { count: seconds / 3600 });
}
