import { FOLLOW_SETTINGS_POINT } from '../../../core/contracts/follow-settings.ts';
import { useHeldPoints } from '../../ui/held-points.ts';

/**
 * Whether the signed-in user may change follow-up settings (`follow:settings`); others see the
 * settings read-only. Null until the points are read (nothing is offered meanwhile); the
 * server's check stays the rule.
 */
export function useMayChange(): boolean | null {
  const held = useHeldPoints('follow');
  return held.ready ? held.has(FOLLOW_SETTINGS_POINT) : null;
}
