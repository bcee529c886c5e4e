// The share feature's views other parts render (through the app's slots): the 分享 button.
export { ShareButton } from './components/ShareButton';
