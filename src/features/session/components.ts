// The session's views other features' lazy pages render: the code field of two-step sign-in and the
// card of a new secret (the account's 两步验证 tab uses both, as registering does).
export { CodeInput } from './components/CodeInput';
export { SecretCard } from './components/SecretCard';
