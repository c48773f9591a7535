import { buildApp } from './app.ts';
import { openDatabase } from './db/database.ts';
import { loadConfig } from './config.ts';
import { ensureWebBuild } from './web-build.ts';
import { readSeedDemo } from './seed/seed-files.ts';
import { publishedWebsites } from './modules/page/service.ts';

/** `npm start`: build the SPA if needed, migrate, seed on first start, listen, print how to sign in. */
async function main(): Promise<void> {
  const config = loadConfig();
  await ensureWebBuild(config.webDir);
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

  const demo = readSeedDemo();
  const where = config.databaseUrl ? config.databaseUrl.replace(/\/\/[^@/]*@/, '//***@') : `${config.dataDir}/plinth.db`;
  console.log(`\nPlinth is running at http://localhost:${config.port}/  (database: ${where})`);
  console.log(`Demo logins, password ${demo.password}:`);
  for (const tenant of demo.tenants) {
    const members = tenant.members.map((m) => `${m.username} (${m.type})`).join(', ');
    console.log(`  ${tenant.name}: ${members}`);
  }
  const websites = await publishedWebsites(app.services.db);
  if (websites.length) {
    console.log('Public websites (no sign-in):');
    for (const site of websites) console.log(`  ${site.tenantName}: http://localhost:${config.port}/website/${site.id}  ${site.title}`);
  }
  console.log('');
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
