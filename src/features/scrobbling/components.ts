// The ListenBrainz panel the 设置 tab (a lazy page of the account feature) renders; apart from
// index.ts so it loads with that page, not with the first page.
export { default as ListenBrainzPanel } from './components/ListenBrainzPanel';
