// The interface paths of the session group (tests/e2e/paths/groups.ts): a test per path, titled as
// `npm run paths` titles it, and a coverage test per machine; a summary line per machine at the end.
import { interfacePathGroup } from '../paths/groups';

interfacePathGroup('session');
