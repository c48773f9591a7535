// Replaced by the screen itself; until then the route shows the "not available" screen.
export { default } from '../../../shell/pages/unavailable-page.tsx';
