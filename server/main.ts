import { loadConfig } from './config.js';
import { createServer } from './index.js';
import { siteNamed } from './hostCheck.js';
import { loopReportSeconds, reportEventLoop } from './loopReport.js';

/* `npm run serve` / `npm start`: the reference server with demo content, and the demo account unless DEMO=0. */

async function main(): Promise<void> {
  const config = loadConfig(process.env);
  const loopSeconds = loopReportSeconds(process.env.REPORT_EVENT_LOOP);
  const server = await createServer(config);
  const { apiUrl, libraryUrl } = await server.start();
  console.log('');
  console.log(`Anniv is running:   ${apiUrl}`);
  console.log(`Audio library:      ${libraryUrl}`);
  if (config.demo) console.log(`Demo account:       ${config.demoEmail} / ${config.demoPassword}`);
  else console.log('Demo:               off (DEMO=0): no demo account, new accounts start with no library');
  console.log(`Data folder:        ${config.dataDir}`);
  if (config.features.length) console.log(`Features:           ${config.features.join(', ')}`);
  if (config.strict) console.log('Strict:             behaving like anniv-go and annil (ANNIV_STRICT=1)');
  if (config.trustProxy > 0 && !siteNamed(config)) {
    console.log(
      'Host names:         any name the proxy forwards is answered; set PUBLIC_ORIGIN (or ALLOWED_HOSTS) so that only yours are',
    );
  }
  if (loopSeconds > 0) console.log(`Event loop:         reported every ${loopSeconds} s (REPORT_EVENT_LOOP)`);
  console.log('Press Ctrl+C to stop.');
  reportEventLoop(loopSeconds);

  let stopping = false;
  const stop = (signal: string): void => {
    if (stopping) return;
    stopping = true;
    console.log(`\n${signal} received, shutting down…`);
    server.close().then(
      () => process.exit(0),
      (err: unknown) => {
        console.error(err);
        process.exit(1);
      },
    );
  };
  process.on('SIGINT', () => stop('SIGINT'));
  process.on('SIGTERM', () => stop('SIGTERM'));
}

main().catch((err: unknown) => {
  console.error(err instanceof Error ? err.message : err);
  process.exit(1);
});
