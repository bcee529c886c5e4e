// The main journeys on the reference server (tests/e2e/support/deployment.ts): registering, a library,
// playing, liking, a playlist, a share link signed out, addresses in a fresh browser, keeping offline.
import { deploymentJourneys } from './support/deployment';

deploymentJourneys('reference');
