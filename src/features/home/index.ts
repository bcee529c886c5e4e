// 主页 (docs/behaviour.md#home): shelves of albums from what the client holds. Its page and sources
// load after the first page.
export { HomeProvider } from './context';
