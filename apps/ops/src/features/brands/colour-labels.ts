/** What each brand colour is for: the contract names them once for the form, the page and proposals. */
export { BRAND_COLOUR_LABELS as COLOUR_LABELS } from '@hiram/contract/ops/brands';
