// The 音效 controls the 设置 tab (a lazy page of the account feature) renders; apart from index.ts
// so they load with that page, not with the first page.
export { default as SoundPanel } from './components/SoundPanel';
