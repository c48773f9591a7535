import { buildApp } from './app.ts';
import { collectGarbage } from './gc.ts';
import { openDatabase } from './db/database.ts';
import { loadConfig } from './config.ts';
import { privateFolder } from './private-files.ts';
import { readSeedDemo } from './seed/seed-files.ts';
import { publishedWebsites } from './modules/page/service.ts';

/** `npm start` (after scripts/build.ts): migrate, seed on first start, listen, print how to sign in. */
async function main(): Promise<void> {
  // Whatever the server or a library writes is the server user's alone (see private-files.ts).
  process.umask(0o077);
  const config = loadConfig();
  // Closed before the database opens in it, if an older start left it open.
  privateFolder(config.dataDir);
  const database = openDatabase(config);
  const app = await buildApp({ config, database });
  const shutdown = async (signal: string) => {
    app.log.info({ signal }, 'shutting down');
    await app.close();
    process.exit(0);
  };
  process.on('SIGINT', () => void shutdown('SIGINT'));
  process.on('SIGTERM', () => void shutdown('SIGTERM'));
  await app.listen({ port: config.port, host: config.host });
  database.warmUp();
  // PORT=0 takes a free port: print the one taken.
  const address = app.server.address();
  const port = typeof address === 'object' && address ? address.port : config.port;

  const demo = readSeedDemo();
  const where = config.databaseUrl ? config.databaseUrl.replace(/\/\/[^@/]*@/, '//***@') : `${config.dataDir}/plinth.db`;
  console.log(`\nPlinth is running at http://localhost:${port}/  (database: ${where})`);
  console.log(`Demo logins, password ${demo.password}:`);
  for (const tenant of demo.tenants) {
    const members = tenant.members.map((m) => `${m.username} (${m.type})`).join(', ');
    console.log(`  ${tenant.name}: ${members}`);
  }
  const websites = await publishedWebsites(app.services.db);
  if (websites.length) {
    console.log('Public websites (no sign-in):');
    for (const site of websites) console.log(`  ${site.tenantName}: http://localhost:${port}/website/${site.id}  ${site.title}`);
  }
  console.log('');
  // Starting leaves garbage (modules compiled, validators generated) that V8 collects sometime
  // or never: collected now, the server rests about 20 MB smaller, and every run alike.
  collectGarbage('major');
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
