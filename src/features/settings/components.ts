// The settings form the user page (a lazy page of the session feature) renders; apart from index.ts
// so it loads with that page, not with the first page.
export { SettingsForm } from './components/SettingsForm';
