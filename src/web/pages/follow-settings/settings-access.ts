import { FOLLOW_SETTINGS_POINT } from '../../../core/contracts/follow-settings.ts';
import { useHeldPoints } from '../../ui/held-points.ts';

/**
 * Whether the signed-in user may change follow-up settings (`follow:settings`); others see the
 * settings read-only. Until the points are read nothing is offered; the server's check stays the rule.
 */
export function useMayChange(): boolean {
  const held = useHeldPoints('follow');
  return held.has(FOLLOW_SETTINGS_POINT);
}
